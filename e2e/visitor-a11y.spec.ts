import { expect, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { publishBranchingQuiz, startQuiz, TEXTS } from "./support/quiz-builder";

/**
 * Accessibility of the hosted quiz `/q/{key}`: axe-core (WCAG 2.0/2.1/2.2 A and AA rules)
 * on the start page, a choice question and the contact form, and a pass with the keyboard
 * only.
 */

test("axe finds no WCAG A/AA violations on the start page, a question and the contact form", async ({
  page,
}) => {
  const quiz = await publishBranchingQuiz();
  await page.goto(quiz.publicUrl);
  await expect(page.getByRole("heading", { name: TEXTS.startTitle })).toBeVisible();
  await expectNoViolations(page, "start page");

  await startQuiz(page, quiz);
  await expect(page.getByRole("radio", { name: quiz.q1.a.text })).toBeVisible();
  await expectNoViolations(page, "choice question");

  // The contact form, also with its error messages showing.
  await page.getByRole("radio", { name: quiz.q1.b.text }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: quiz.q2b.title })).toBeVisible();
  await page.getByRole("radio", { name: quiz.q2b.answers[0].text }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: quiz.resultB.title })).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(
    page.getByRole("heading", { name: "Where should we send the result?" }),
  ).toBeVisible();
  await expectNoViolations(page, "contact form");

  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Please give your consent to continue")).toBeVisible();
  await expectNoViolations(page, "contact form with errors");
});

test("the quiz can be taken with the keyboard only", async ({ page }) => {
  const quiz = await publishBranchingQuiz();
  await page.goto(quiz.publicUrl);
  await expect(page.getByRole("heading", { name: TEXTS.startTitle })).toBeVisible();
  // Wait for the runtime to take over the server's HTML (a keypress before is lost).
  await page.waitForLoadState("networkidle");

  const start = page.getByRole("button", { name: "Start" });
  const question = page.getByRole("heading", { name: quiz.q1.title });
  await expect(async () => {
    await tabUntilFocused(page, start);
    await page.keyboard.press("Enter");
    await expect(question).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  // Tab into the answers, pick the second one with an arrow key (or Space), then Next.
  const first = page.getByRole("radio", { name: quiz.q1.a.text });
  const second = page.getByRole("radio", { name: quiz.q1.b.text });
  await tabUntilFocused(page, first, second);
  if (await isFocused(second)) await page.keyboard.press("Space");
  else await page.keyboard.press("ArrowDown");
  await expect(second).toBeChecked();
  await expect(first).not.toBeChecked();

  const next = page.getByRole("button", { name: "Next" });
  await tabUntilFocused(page, next);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: quiz.q2b.title })).toBeVisible();
  await expect(page.getByRole("heading", { name: quiz.q2a.title })).toHaveCount(0);

  // The same on the next question, this time with Space on the focused answer.
  const colour = page.getByRole("radio", { name: quiz.q2b.answers[0].text });
  await tabUntilFocused(page, colour);
  await page.keyboard.press("Space");
  await expect(colour).toBeChecked();
  await tabUntilFocused(page, next);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: quiz.resultB.title })).toBeVisible();
});

type Target = ReturnType<Page["getByRole"]>;

function isFocused(target: Target): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/** Presses Tab (at most 30 times) until one of `targets` has the focus. */
async function tabUntilFocused(page: Page, ...targets: Target[]) {
  for (let presses = 0; presses < 30; presses += 1) {
    for (const target of targets) if (await isFocused(target)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the expected element");
}
