import { type ReactNode, useDeferredValue } from "react";

/**
 * Draws its children in a second, interruptible render right after the first one of the
 * part around it (React's deferred value with a first value of "not yet"), so what the
 * owner needs first is committed and drawn without them, and a click or key meanwhile is
 * handled before them (docs/editor.md "Start time"). For parts that need no room reserved,
 * so nothing else moves when they appear: the editor's top-bar actions (right-aligned in a
 * fixed-height bar), the preview panel (its own fixed-width column) and an opened card's
 * fields under its title.
 */
export function AfterFirstRender({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : null;
}
