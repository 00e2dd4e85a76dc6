import { describe, expect, it } from "vitest";
import { EditHistory, HISTORY_LIMIT, MERGE_WINDOW_MS } from "./edit-history";

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

  it("merges the writes of one typing session into one step, until a pause or another field", async () => {
    const history = new EditHistory();
    let text = "Old";
    const typed = (next: string) => {
      const before = text;
      text = next;
      return {
        label: "Title",
        undo: async () => {
          text = before;
        },
        redo: async () => {
          text = next;
        },
      };
    };
    history.record(typed("Old w"), { group: "title:0", at: 1000 });
    history.record(typed("Old wo"), { group: "title:0", at: 1200 });
    history.record(typed("Old wor"), { group: "title:0", at: 1400 });
    // A pause longer than the window starts a new step.
    history.record(typed("Old word"), { group: "title:0", at: 1400 + MERGE_WINDOW_MS + 1 });
    // Another field (or the same field left and typed in again) too.
    history.record(typed("Other"), { group: "description:0", at: 2500 });
    await history.undo();
    expect(text).toBe("Old word");
    await history.undo();
    expect(text).toBe("Old wor");
    await history.undo();
    expect(text).toBe("Old");
    expect(history.getState().canUndo).toBe(false);
    await history.redo();
    expect(text).toBe("Old wor");
  });

  it("an undone step takes no more typing: the next write is a step of its own", async () => {
    const history = new EditHistory();
    const c = counter();
    c.bump();
    history.record(c.edit("a"), { group: "g", at: 0 });
    await history.undo();
    await history.redo();
    c.bump();
    history.record(c.edit("b"), { group: "g", at: 10 });
    await history.undo();
    expect(c.value()).toBe(1);
    expect(history.getState().canUndo).toBe(true);
  });
});
