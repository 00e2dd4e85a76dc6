import { describe, expect, it } from "vitest";
import { EditHistory, HISTORY_LIMIT } from "./edit-history";

function counter() {
  let value = 0;
  const edit = (label: string) => ({
    label,
    undo: async () => {
      value -= 1;
    },
    redo: async () => {
      value += 1;
    },
  });
  return { edit, value: () => value, bump: () => (value += 1) };
}

describe("edit history", () => {
  it("keeps the last 50 edits: the 51st undo finds nothing", async () => {
    const history = new EditHistory();
    const c = counter();
    for (let i = 0; i < HISTORY_LIMIT + 10; i += 1) {
      c.bump();
      history.record(c.edit(`edit ${i}`));
    }
    let undone = 0;
    while (await history.undo()) undone += 1;
    expect(undone).toBe(HISTORY_LIMIT);
    expect(c.value()).toBe(10);
  });

  it("a new edit after an undo clears what could be redone", async () => {
    const history = new EditHistory();
    const c = counter();
    history.record(c.edit("a"));
    await history.undo();
    expect(history.getState().canRedo).toBe(true);
    history.record(c.edit("b"));
    expect(history.getState()).toEqual({ canUndo: true, canRedo: false, busy: false });
    expect(await history.redo()).toBeNull();
  });

  it("an undo whose write fails stays undoable", async () => {
    const history = new EditHistory();
    let fail = true;
    history.record({
      label: "a",
      undo: async () => {
        if (fail) throw new Error("refused");
      },
      redo: async () => {},
    });
    await expect(history.undo()).rejects.toThrow("refused");
    expect(history.getState().canUndo).toBe(true);
    fail = false;
    expect((await history.undo())?.label).toBe("a");
    expect(history.getState()).toEqual({ canUndo: false, canRedo: true, busy: false });
  });
});
