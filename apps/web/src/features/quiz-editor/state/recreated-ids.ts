/** The kinds of records an undo or redo may create again under a new id. */
export type RecordKind = "question" | "answer" | "questionCondition" | "resultCondition" | "result";

/**
 * Ids of records that an undo or redo created again (docs/editor.md "Writes, undo and
 * redo"): the server gives a re-created answer, condition or result a new id, while edits
 * recorded before still name the old one. They resolve it here when they are written, so
 * undoing an answer's delete and then its earlier text edit writes to the answer that is
 * there now.
 */
export class RecreatedIds {
  private readonly moved = new Map<string, number>();

  /** The id the record first known as `id` has now. */
  current(kind: RecordKind, id: number): number {
    let now = id;
    for (let next = this.moved.get(`${kind}:${now}`); next !== undefined; ) {
      now = next;
      next = this.moved.get(`${kind}:${now}`);
    }
    return now;
  }

  /** Notes that the record first known as `id` was created again as `newId`. */
  recreated(kind: RecordKind, id: number, newId: number): void {
    const now = this.current(kind, id);
    if (now !== newId) this.moved.set(`${kind}:${now}`, newId);
  }
}
