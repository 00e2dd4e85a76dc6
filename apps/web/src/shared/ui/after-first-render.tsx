import { type ReactNode, useDeferredValue } from "react";

/**
 * Draws its children in a second, interruptible render right after the first one of the
 * page around it (React's deferred value with a first value of "not yet"). For secondary
 * controls that need no room reserved — the editor's top-bar actions, aligned to the
 * right of a fixed-height bar, and the preview panel in its fixed-width column — so the
 * owner's first screen (the question list) is committed and drawn without them, and a
 * click in it is handled before them (docs/editor.md "Start time"). Nothing else moves
 * when they appear.
 */
export function AfterFirstRender({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : null;
}
