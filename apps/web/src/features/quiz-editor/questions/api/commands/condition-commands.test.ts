import { waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { questionWritesHarness } from "@/test/question-writes-harness";

type Tab = Awaited<ReturnType<typeof questionWritesHarness>>;

/** The conditions the logic tab shows under "Sure?": which answers of which question each chooses. */
const shows = (tab: Tab, expected: { on: number; answers: number[]; include: boolean }[]) =>
  waitFor(() =>
    expect(
      tab
        .conditions()
        .map((c) => ({ on: c.ref_question, answers: c.answers, include: c.answers_include })),
    ).toEqual(expected),
  );

const first = { on: 11, answers: [102, 103], include: true };

describe("condition commands: what the logic tab shows after do, undo and redo", {
  timeout: 30_000,
}, () => {
  it("a deleted condition comes back with its values, and is deleted again by redo", async () => {
    const tab = await questionWritesHarness();
    await shows(tab, [first]);
    const [condition] = tab.conditions();
    if (!condition) throw new Error("the tab shows a condition");
    await tab.writes().deleteCondition(condition);
    await shows(tab, []);
    await tab.undo();
    await shows(tab, [first]);
    expect(tab.conditions()[0]?.id).not.toBe(condition.id);
    await tab.redo();
    await shows(tab, []);
  });

  it("an added condition is deleted by undo and created again by redo; a change of it undoes", async () => {
    const tab = await questionWritesHarness();
    const added = await tab.writes().addCondition({
      question: 12,
      ref_question: 11,
      kind: "answers",
      answers: [101],
    });
    if (!added.ok) throw new Error("the server takes the condition");
    await shows(tab, [first, { on: 11, answers: [101], include: true }]);
    await tab.writes().patchCondition(added.value, { answers_include: false });
    const both = [first, { on: 11, answers: [101], include: false }];
    await shows(tab, both);

    await tab.undo();
    await shows(tab, [first, { on: 11, answers: [101], include: true }]);
    await tab.undo();
    await shows(tab, [first]);
    await tab.redo();
    await shows(tab, [first, { on: 11, answers: [101], include: true }]);
    await tab.redo();
    await shows(tab, both);
  });
});
