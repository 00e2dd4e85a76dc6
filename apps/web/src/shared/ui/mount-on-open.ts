import { useEffect, useState } from "react";

/**
 * Mounts a dialog only once it is first opened, and keeps it mounted after (so its close
 * transition runs). A closed Mantine Modal is not free: a portal node in the body, the
 * scroll lock, a window key listener and its styled box, for each dialog that a page
 * mounts; the editor mounted eight of them (frame, list) with every opening (docs/editor.md "Start time").
 *
 * `mounted`: render the dialog. `opened`: what to give its Modal. On the first opening the
 * Modal is rendered closed and opened in the next task, so that Mantine sees the change
 * from closed to open: its enter transition runs (and `onEnterTransitionEnd` with it) and
 * its focus trap moves focus into the dialog, as for every later opening.
 */
export function useMountOnOpen(opened: boolean): { mounted: boolean; opened: boolean } {
  // "closed": never opened; "mounting": rendered closed, opens in the next task; "live".
  const [stage, setStage] = useState<"closed" | "mounting" | "live">("closed");
  if (opened && stage === "closed") setStage("mounting");
  useEffect(() => {
    if (stage !== "mounting") return;
    const timer = setTimeout(() => setStage("live"));
    return () => clearTimeout(timer);
  }, [stage]);
  return { mounted: stage !== "closed", opened: opened && stage === "live" };
}
