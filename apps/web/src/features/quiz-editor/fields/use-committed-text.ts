import { useEffect, useRef, useState } from "react";
import { useTypingSession } from "../state/editor-writes";

/**
 * How long typing may pause before the text is written (docs/editor.md): short, so the
 * preview follows the typing; the writes of one typing session are one undo step.
 */
export const COMMIT_DELAY_MS = 120;
/** How long typing may pause before the field counts as touched (its message shows). */
export const TOUCH_DELAY_MS = 600;

export interface CommittedTextOptions {
  /** The stored value; shown again whenever the owner is not editing (after undo too). */
  value: string;
  /** Writes a changed, valid text. */
  onCommit: (next: string, previous: string) => void;
  /** A translated message when the text is invalid (not written then), or null. */
  validate?: ((text: string) => string | null) | undefined;
}

/**
 * A text field of the editor: written when the owner leaves it or pauses typing for
 * COMMIT_DELAY_MS, and when it unmounts; the writes until the field is left are one undo
 * step (useTypingSession). Its message shows once the field has been touched (left once,
 * or a pause of TOUCH_DELAY_MS).
 */
export function useCommittedText({ value, onCommit, validate }: CommittedTextOptions) {
  const [draft, setDraft] = useState(value);
  const [touched, setTouched] = useState(false);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const touchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const session = useTypingSession();
  const latest = useRef({ draft, value, onCommit, validate });
  latest.current = { draft, value, onCommit, validate };

  useEffect(() => {
    if (!dirty.current) setDraft(value);
  }, [value]);

  const commit = () => {
    clearTimeout(timer.current);
    const { draft: text, value: stored, onCommit: write, validate: check } = latest.current;
    if (!dirty.current) return;
    dirty.current = false;
    if (text === stored || (check && check(text) !== null)) return;
    session.commit(() => write(text, stored));
  };

  // Leaving the page writes what was typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: commit reads the latest values from a ref.
  useEffect(
    () => () => {
      clearTimeout(touchTimer.current);
      commit();
      session.end();
    },
    [],
  );

  const error = touched && validate ? validate(draft) : null;
  return {
    value: draft,
    error: error ?? undefined,
    "aria-invalid": error ? true : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const text = event.currentTarget.value;
      setDraft(text);
      dirty.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(commit, COMMIT_DELAY_MS);
      clearTimeout(touchTimer.current);
      touchTimer.current = setTimeout(() => setTouched(true), TOUCH_DELAY_MS);
    },
    onBlur: () => {
      clearTimeout(touchTimer.current);
      setTouched(true);
      commit();
      session.end();
    },
  };
}
