import { type ReactNode, startTransition, useDeferredValue, useEffect, useState } from "react";

/**
 * Draws its children in a second, interruptible render right after the first one of the
 * part around it (React's deferred value with a first value of "not yet"), so what the
 * owner needs first is committed and drawn without them, and a click or key meanwhile is
 * handled before them (docs/editor.md "Start time"). For parts that need no room reserved,
 * so nothing else moves when they appear: the editor's top-bar actions (right-aligned in a
 * fixed-height bar) and the preview panel (its own fixed-width column).
 */
export function AfterFirstRender({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : null;
}

/**
 * Like AfterFirstRender, but the second render starts only once the first has been drawn
 * (the next animation frame, then a task; the render is a transition, so it still yields
 * to typing): started at once, its slices held back the frame that shows the first part by
 * ~60 ms at 4x CPU. For an opened card's fields under its title (docs/editor.md "Start
 * time", "A card opens at once").
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setReady(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return ready ? children : null;
}
