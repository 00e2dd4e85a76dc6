import { useEffect, useRef, useState } from "react";

/** How long typing may pause before the text is written (docs/editor.md). */
export const COMMIT_DELAY_MS = 600;

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
 * COMMIT_DELAY_MS, and when it unmounts; one write per committed change. Its message shows
 * once the field has been touched (left once, or committed).
 */
export function useCommittedText({ value, onCommit, validate }: CommittedTextOptions) {
  const [draft, setDraft] = useState(value);
  const [touched, setTouched] = useState(false);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
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
    write(text, stored);
  };

  // Leaving the page writes what was typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: commit reads the latest values from a ref.
  useEffect(() => () => commit(), []);

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
      timer.current = setTimeout(() => {
        setTouched(true);
        commit();
      }, COMMIT_DELAY_MS);
    },
    onBlur: () => {
      setTouched(true);
      commit();
    },
  };
}
