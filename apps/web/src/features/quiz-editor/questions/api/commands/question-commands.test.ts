import { QuestionType } from "@leadquiz/contract";
import { describe, expect, it } from "vitest";
import { questionWritesHarness } from "@/test/question-writes-harness";

describe("question commands: what the owner sees after do, undo and redo", {
  timeout: 30_000,
}, () => {
  it("a title edit and a move undo newest first and redo in order", async () => {
    const tab = await questionWritesHarness();
    await tab.writes().patchQuestion(tab.question("Budget?"), { title: "Money?" }, "Title");
    await tab.writes().moveQuestion(tab.question("Money?"), 2);
    await tab.sees(["Sure?: ", "Money?: Small, Big, Huge"]);

    await tab.undo();
    await tab.sees(["Money?: Small, Big, Huge", "Sure?: "]);
    await tab.undo();
    await tab.sees(["Budget?: Small, Big, Huge", "Sure?: "]);
    expect(tab.history()).toMatchObject({ canUndo: false, canRedo: true });

    await tab.redo();
    await tab.redo();
    await tab.sees(["Sure?: ", "Money?: Small, Big, Huge"]);
  });

  it("a deleted question comes back at its place with its answers, and an older edit of it still undoes", async () => {
    const tab = await questionWritesHarness();
    await tab.writes().patchQuestion(tab.question("Budget?"), { title: "Money?" }, "Title");
    await tab.writes().deleteQuestion(tab.question("Money?"));
    await tab.sees(["Sure?: "]);

    await tab.undo();
    await tab.sees(["Money?: Small, Big, Huge", "Sure?: "]);
    expect(tab.question("Money?").id).not.toBe(11);
    expect(tab.server.answersOf(tab.question("Money?").id).map((a) => a.points)).toEqual([1, 5, 9]);
    // The title edit was recorded for question 11; it now writes to the one created again.
    await tab.undo();
    await tab.sees(["Budget?: Small, Big, Huge", "Sure?: "]);

    await tab.redo();
    await tab.redo();
    await tab.sees(["Sure?: "]);
  });

  it("an added question is deleted by undo and created again by redo, with the edits made to it", async () => {
    const tab = await questionWritesHarness();
    await tab.writes().addQuestion({ type: QuestionType.Text, title: "" });
    await tab.sees(["Budget?: Small, Big, Huge", "Sure?: ", ": "]);
    await tab.writes().patchQuestion(tab.question(""), { title: "Name?" }, "Title");
    await tab.sees(["Budget?: Small, Big, Huge", "Sure?: ", "Name?: "]);

    await tab.undo();
    await tab.undo();
    await tab.sees(["Budget?: Small, Big, Huge", "Sure?: "]);
    await tab.redo();
    await tab.sees(["Budget?: Small, Big, Huge", "Sure?: ", ": "]);
    await tab.redo();
    await tab.sees(["Budget?: Small, Big, Huge", "Sure?: ", "Name?: "]);
    await tab.undo();
    await tab.sees(["Budget?: Small, Big, Huge", "Sure?: ", ": "]);
  });

  it("a copy is deleted by undo and made again by redo", async () => {
    const tab = await questionWritesHarness();
    await tab.writes().copyQuestion(tab.question("Budget?"));
    await tab.sees(["Budget?: Small, Big, Huge", "Budget? (copy): Small, Big, Huge", "Sure?: "]);
    await tab.undo();
    await tab.sees(["Budget?: Small, Big, Huge", "Sure?: "]);
    await tab.redo();
    await tab.sees(["Budget?: Small, Big, Huge", "Budget? (copy): Small, Big, Huge", "Sure?: "]);
  });

  it("undo of a type change writes the old type, its answers and the conditions on them back", async () => {
    const tab = await questionWritesHarness();
    await tab.writes().changeType(tab.question("Budget?"), QuestionType.Text);
    await tab.sees(["Budget?: Option 1, Option 2", "Sure?: "]);
    expect(tab.server.conditions()).toEqual([]);

    await tab.undo();
    await tab.sees(["Budget?: Small, Big, Huge", "Sure?: "]);
    expect(tab.question("Budget?").type).toBe(QuestionType.List);
    const [, big, huge] = tab.server.answersOf(11);
    expect(tab.server.conditions()).toEqual([
      expect.objectContaining({ question: 12, ref_question: 11, answers: [big?.id, huge?.id] }),
    ]);

    await tab.redo();
    await tab.sees(["Budget?: Option 1, Option 2", "Sure?: "]);
    expect(tab.question("Budget?").type).toBe(QuestionType.Text);
  });

  it("a config option is written back as it was, a key not stored before removed", async () => {
    const tab = await questionWritesHarness();
    await tab
      .writes()
      .patchConfig(tab.question("Budget?"), { multi_answers: true }, "Multiple choice");
    await tab.undo();
    await tab.sees(["Budget?: Small, Big, Huge", "Sure?: "]);
    expect(tab.server.questions()[0]?.config).toEqual({ multi_answers: null });
    await tab.redo();
    await tab.sees(["Budget?: Small, Big, Huge", "Sure?: "]);
    expect(tab.question("Budget?").config).toEqual({ multi_answers: true });
  });
});
