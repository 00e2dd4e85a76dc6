/**
 * The editor's undo and redo (docs/editor.md "Writes, undo and redo"): the last 50 edits,
 * each able to undo and redo itself as a normal write through the API. A new edit clears
 * what could be redone. Undo and redo run one at a time; an edit whose write fails stays
 * where it was, so trying again is possible.
 */
export interface Edit {
  /** A short, translated description ("Question title"), shown after undo and redo. */
  label: string;
  undo(): Promise<void>;
  redo(): Promise<void>;
}

export const HISTORY_LIMIT = 50;

/**
 * Writes of one typing session closer together than this merge into one edit; a longer
 * pause starts a new one (docs/editor.md "Writes, undo and redo").
 */
export const MERGE_WINDOW_MS = 1000;

export interface RecordOptions {
  /**
   * The typing session the write belongs to (a field, until it is left). Consecutive edits
   * of one session within MERGE_WINDOW_MS are one undo step: undo goes back to the text
   * before the first, redo to the last.
   */
  group?: string | undefined;
  /** When the change was made (`Date.now()`); the write may be recorded later. */
  at?: number | undefined;
}

export interface HistoryState {
  canUndo: boolean;
  canRedo: boolean;
  busy: boolean;
}

export class EditHistory {
  private past: Edit[] = [];
  private future: Edit[] = [];
  private busy = false;
  /** The latest edit while later writes of its typing session may still merge into it. */
  private open: { edit: Edit; group: string; at: number } | null = null;
  private readonly listeners = new Set<() => void>();
  private snapshot: HistoryState = { canUndo: false, canRedo: false, busy: false };

  constructor(private readonly limit = HISTORY_LIMIT) {}

  /** Records an edit that has just been written (merged into its typing session's edit). */
  record(edit: Edit, { group, at = Date.now() }: RecordOptions = {}): void {
    const open = this.open;
    if (group && open && open.group === group && open.edit === this.past.at(-1)) {
      if (at - open.at <= MERGE_WINDOW_MS) {
        const merged: Edit = { label: edit.label, undo: open.edit.undo, redo: edit.redo };
        this.past[this.past.length - 1] = merged;
        this.open = { edit: merged, group, at };
        this.future = [];
        this.changed();
        return;
      }
    }
    this.past.push(edit);
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
    this.open = group ? { edit, group, at } : null;
    this.changed();
  }

  /** Undoes the latest edit; resolves to it, or null when there is none (or one is running). */
  undo(): Promise<Edit | null> {
    return this.step(this.past, this.future, (edit) => edit.undo());
  }

  /** Redoes the latest undone edit; resolves to it, or null when there is none. */
  redo(): Promise<Edit | null> {
    return this.step(this.future, this.past, (edit) => edit.redo());
  }

  /** Forgets every edit (another quiz, or the draft replaced by a restored version). */
  clear(): void {
    this.past = [];
    this.future = [];
    this.open = null;
    this.changed();
  }

  getState = (): HistoryState => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private async step(
    from: Edit[],
    to: Edit[],
    run: (edit: Edit) => Promise<void>,
  ): Promise<Edit | null> {
    const edit = from.at(-1);
    if (!edit || this.busy) return null;
    this.busy = true;
    this.open = null; // an undone or redone edit never takes more typing
    this.changed();
    try {
      await run(edit);
      from.pop();
      to.push(edit);
      return edit;
    } finally {
      this.busy = false;
      this.changed();
    }
  }

  private changed(): void {
    this.snapshot = {
      canUndo: this.past.length > 0,
      canRedo: this.future.length > 0,
      busy: this.busy,
    };
    for (const listener of this.listeners) listener();
  }
}
