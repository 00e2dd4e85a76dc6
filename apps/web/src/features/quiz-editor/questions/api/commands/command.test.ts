import { describe, expect, it } from "vitest";
import { questionWritesHarness } from "@/test/question-writes-harness";

describe("running a command", { timeout: 30_000 }, () => {
  it("records nothing the server refused, and shows the data as it was", async () => {
    const tab = await questionWritesHarness();
    const gone = { ...tab.question("Budget?"), id: 999 };
    const result = await tab.writes().deleteQuestion(gone);
    expect(result.ok).toBe(false);
    expect(tab.history()).toMatchObject({ canUndo: false });
    await tab.sees(["Budget?: Small, Big, Huge", "Sure?: "]);
  });

  it("keeps a step the server refuses to undo, so it can be tried again", async () => {
    const tab = await questionWritesHarness();
    await tab.writes().patchQuestion(tab.question("Budget?"), { title: "Money?" }, "Title");
    tab.server.refuse(true);
    await tab.undo();
    await tab.sees(["Money?: Small, Big, Huge", "Sure?: "]);
    expect(tab.history()).toMatchObject({ canUndo: true, canRedo: false });

    tab.server.refuse(false);
    await tab.undo();
    await tab.sees(["Budget?: Small, Big, Huge", "Sure?: "]);
    expect(tab.history()).toMatchObject({ canUndo: false, canRedo: true });
  });
});
