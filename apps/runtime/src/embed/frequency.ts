import type { EmbedOptions } from "./options";

/** Whether the frequency cap lets the quiz open by itself now. */
export function capAllows(o: EmbedOptions): boolean {
  const s = store(o);
  return !s || s.getItem(capKey(o)) == null;
}

/** Records that the quiz was shown (for `session` and `once` caps). */
export function markShown(o: EmbedOptions): void {
  store(o)?.setItem(capKey(o), String(Date.now()));
}

function capKey(o: EmbedOptions): string {
  return `leadquiz:shown:${o.key}`;
}

function store(o: EmbedOptions): Storage | null {
  try {
    return o.frequency === "once"
      ? localStorage
      : o.frequency === "session"
        ? sessionStorage
        : null;
  } catch {
    // Storage blocked (privacy settings): no cap can be kept, so do not open by itself at all.
    return o.frequency === "always" ? null : blocked;
  }
}

/** Stands in for blocked storage: reports every quiz as already shown. */
const blocked = {
  getItem: () => "1",
  setItem: () => undefined,
} as unknown as Storage;
