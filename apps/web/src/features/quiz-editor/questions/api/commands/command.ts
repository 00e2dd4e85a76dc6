import type { EditorWrites, WriteRequest, WriteResult } from "../../../state/editor-writes";

/**
 * One undoable change of the questions tab (docs/editor.md "Writes, undo and redo"), as
 * data: the write that makes it and the write that takes it back. `runCommand` sends the
 * first and records both in the editor's history, which keeps the list of them.
 */
export type Command<T, S = undefined> = FieldCommand<T> | StructureCommand<T, S>;

/**
 * An edit of values (a field, a move): the inverse write is known before anything is sent,
 * and redo sends `apply` again. Writes of one typing session merge into one undo step.
 */
export interface FieldCommand<T> {
  kind: "field";
  label: string;
  apply: WriteRequest<T>;
  revert: WriteRequest<unknown>;
}

/**
 * A change of records (create, copy, delete, a type change): its inverse depends on what the
 * server answered (the created record) and on what it held before (`before`, read just
 * before the write is sent, in the queue's order: the answers of a deleted question, the
 * conditions a deleted answer took with it).
 */
export interface StructureCommand<T, S> {
  kind: "structure";
  label: string;
  before?: () => Promise<S>;
  apply: WriteRequest<T>;
  inverse: (done: { value: T; before: S }) => {
    undo: WriteRequest<unknown>;
    redo: WriteRequest<unknown>;
  };
}

/** Sends the command's write; when the server takes it, records its undo and redo. */
export function runCommand<T, S>(
  writes: EditorWrites,
  command: Command<T, S>,
): Promise<WriteResult<T>> {
  // A field edit goes to writeEdit at once: it notes the typing session it was made in.
  if (command.kind === "field") {
    const { label, apply, revert } = command;
    return writes.writeEdit({ label, apply, revert });
  }
  return runStructure(writes, command);
}

async function runStructure<T, S>(
  writes: EditorWrites,
  command: StructureCommand<T, S>,
): Promise<WriteResult<T>> {
  let before = undefined as S; // set by `before` (when given) before the write is sent
  const { apply } = command;
  const result = await writes.write({
    ...apply,
    send: async () => {
      if (command.before) before = await command.before();
      return apply.send();
    },
  });
  if (result.ok) {
    writes.recordSteps({
      label: command.label,
      ...command.inverse({ value: result.value, before }),
    });
  }
  return result;
}
