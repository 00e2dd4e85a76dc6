import { expect, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { openedDialog } from "./support/dialogs";
import { choiceQuestion, ownerCall } from "./support/quiz-builder";
import { openAsQuizOwner } from "./support/users";

/**
 * Deleting a question that a formula and conditions use (issue 42): the delete dialog names
 * the formula before and after and the conditions that go, before anything is deleted, and
 * the server then does what it said. At a desktop's and a phone's width, with axe.
 */

interface Formula {
  formula: { kind: number; op?: number; question?: number; value?: number }[];
}

async function quizWithReferences() {
  const project = await ownerCall<{ id: number }>("POST", "/project/", {});
  const quiz = await ownerCall<{ id: number }>("POST", "/quiz/", {
    project: project.id,
    title: "Sofa price",
  });
  const length = await choiceQuestion(quiz.id, "Sofa length", ["Short", "Long"]);
  const seats = await choiceQuestion(quiz.id, "Seats", ["Two", "Four"]);
  const colour = await choiceQuestion(quiz.id, "Colour", ["Green", "Blue"]);
  await ownerCall("POST", "/questioncondition/", {
    question: colour.id,
    ref_question: seats.id,
    kind: "answers",
    answers: [seats.answers[1].id],
  });
  // "Price": (Q1 + Q2) × 2
  const price = await ownerCall<{ id: number }>("POST", "/result/", {
    quiz: quiz.id,
    title: "Price",
    type: 2,
    formula: [
      { kind: 2, op: 7 },
      { kind: 3, question: length.id },
      { kind: 2, op: 1 },
      { kind: 3, question: seats.id },
      { kind: 2, op: 8 },
      { kind: 2, op: 3 },
      { kind: 1, value: 2 },
    ],
  });
  return { quiz: quiz.id, price: price.id, length: length.id };
}

for (const width of [1280, 390]) {
  test(`the delete dialog names the formula and conditions it changes (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const { quiz, price, length } = await quizWithReferences();
    await openAsQuizOwner(page, `/quiz/${quiz}/questions`);

    const card = page.getByTestId("question-2");
    await card.getByTestId("question-actions").click();
    await page.getByTestId("question-delete").click();
    const dialog = await openedDialog(page, "Delete the question?");
    const effects = dialog.getByTestId("delete-effects");
    await expect(effects.getByRole("listitem")).toHaveText([
      "the formula of “Price”: (Q1 + Q2) × 2 → (Q1) × 2",
      "Q3 “Colour”: 1 condition is deleted",
    ]);
    await page.screenshot({ path: test.info().outputPath(`delete-dialog-${width}.png`) });
    await expectNoViolations(page, `the delete dialog at ${width} px`);

    await dialog.getByTestId("confirm-ok").click();
    await expect(page.getByTestId("question-3")).toHaveCount(0);
    await expect
      .poll(async () => (await ownerCall<Formula>("GET", `/result/${price}/`)).formula)
      .toEqual([
        { kind: 2, op: 7 },
        { kind: 3, question: length },
        { kind: 2, op: 8 },
        { kind: 2, op: 3 },
        { kind: 1, value: 2 },
      ]);
  });
}
