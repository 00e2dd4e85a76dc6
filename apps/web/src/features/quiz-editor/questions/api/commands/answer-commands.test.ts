import { describe, expect, it } from "vitest";
import { questionWritesHarness } from "@/test/question-writes-harness";

describe("answer commands: what the owner sees after do, undo and redo", {
  timeout: 30_000,
}, () => {
  it("a deleted answer comes back at its place with its values and in the conditions that chose it", async () => {
    const tab = await questionWritesHarness();
    await tab.writes().deleteAnswer(tab.answer("Budget?", "Big"));
    await tab.sees(["Budget?: Small, Huge", "Sure?: "]);
    expect(tab.server.conditions()[0]?.answers).toEqual([103]);

    await tab.undo();
    await tab.sees(["Budget?: Small, Big, Huge", "Sure?: "]);
    const big = tab.answer("Budget?", "Big");
    expect([big.points, big.is_right]).toEqual([5, true]);
    expect(tab.server.conditions()[0]?.answers).toEqual([big.id, 103]);

    await tab.redo();
    await tab.sees(["Budget?: Small, Huge", "Sure?: "]);
  });

  it("an edit made before a delete writes to the answer created again by its undo", async () => {
    const tab = await questionWritesHarness();
    await tab.writes().patchAnswer(tab.answer("Budget?", "Big"), { text: "Large" }, "Answer");
    await tab.writes().deleteAnswer(tab.answer("Budget?", "Large"));
    await tab.sees(["Budget?: Small, Huge", "Sure?: "]);

    await tab.undo();
    await tab.sees(["Budget?: Small, Large, Huge", "Sure?: "]);
    await tab.undo();
    await tab.sees(["Budget?: Small, Big, Huge", "Sure?: "]);
    await tab.redo();
    await tab.sees(["Budget?: Small, Large, Huge", "Sure?: "]);
  });

  it("an added answer is deleted by undo and created again by redo", async () => {
    const tab = await questionWritesHarness();
    await tab.writes().addAnswer(tab.question("Budget?").id);
    await tab.sees(["Budget?: Small, Big, Huge, Answer 4", "Sure?: "]);
    await tab.undo();
    await tab.sees(["Budget?: Small, Big, Huge", "Sure?: "]);
    await tab.redo();
    await tab.sees(["Budget?: Small, Big, Huge, Answer 4", "Sure?: "]);
  });
});
