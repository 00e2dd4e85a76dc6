import type { UiOptions } from "./ui-options";

/**
 * Whether the frequency cap lets the quiz open by itself now. Storage blocked (privacy
 * settings): no cap can be kept, so a capped quiz does not open by itself at all.
 */
export function capAllows(o: UiOptions): boolean {
  try {
    return store(o)?.getItem(capKey(o)) == null;
  } catch {
    return o.frequency === "always";
  }
}

/** Records that the quiz was shown (for `session` and `once` caps). */
export function markShown(o: UiOptions): void {
  try {
    store(o)?.setItem(capKey(o), String(Date.now()));
  } catch {
    // Storage blocked: nothing can be recorded (capAllows already keeps it from opening).
  }
}

function capKey(o: UiOptions): string {
  return `leadquiz:shown:${o.key}`;
}

/** The storage of the cap; reading `localStorage` throws when storage is blocked. */
function store(o: UiOptions): Storage | null {
  return o.frequency === "once" ? localStorage : o.frequency === "session" ? sessionStorage : null;
}
