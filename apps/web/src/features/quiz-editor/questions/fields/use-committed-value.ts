import { useCallback, useEffect, useRef, useState } from "react";
import { COMMIT_DELAY_MS } from "../../fields/use-committed-text";
import { useTypingSession } from "../../state/editor-writes";

/**
 * A field's draft that is written when the field is left, after a short pause in typing,
 * and when the field goes away (unmount). The writes until the field is left (`flush`
 * with `end`) are one undo step (useTypingSession). While the user has not changed it, the draft follows
 * `value` (an undo, a refused write put back, another tab's change re-read).
 */
export function useCommittedValue<T>(
  value: T,
  commit: (next: T) => void,
  options: { isValid?: (next: T) => boolean; equals?: (a: T, b: T) => boolean } = {},
) {
  const [draft, setDraftState] = useState(value);
  const dirty = useRef(false);
  const latest = useRef({ draft, value, commit, options });
  latest.current = { draft, value, commit, options };
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const session = useTypingSession();

  useEffect(() => {
    if (!dirty.current) setDraftState(value);
  }, [value]);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const current = latest.current;
    if (!dirty.current) return;
    const equals = current.options.equals ?? Object.is;
    const valid = current.options.isValid?.(current.draft) ?? true;
    if (!valid) return;
    dirty.current = false;
    if (!equals(current.draft, current.value)) session.commit(() => current.commit(current.draft));
  }, [session]);

  /** Writes what is pending and closes the typing session (the field left). */
  const leave = useCallback(() => {
    flush();
    session.end();
  }, [flush, session]);

  const setDraft = useCallback(
    (next: T) => {
      dirty.current = true;
      setDraftState(next);
      latest.current = { ...latest.current, draft: next };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, COMMIT_DELAY_MS);
    },
    [flush],
  );

  /** Sets and writes at once (a switch, a select): an undo step of its own. */
  const commitNow = useCallback(
    (next: T) => {
      setDraft(next);
      leave();
    },
    [leave, setDraft],
  );

  // A field that goes away writes what was typed.
  useEffect(() => leave, [leave]);

  return { draft, setDraft, flush: leave, commitNow };
}
