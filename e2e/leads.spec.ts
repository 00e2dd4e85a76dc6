import type { LeadListPage } from "@leadquiz/contract";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { openedDialog } from "./support/dialogs";
import {
  type BranchingQuiz,
  ownerCall,
  publishBranchingQuiz,
  quizOwner,
  sendContacts,
  submitLeadThroughApi,
  takePath,
} from "./support/quiz-builder";
import { logInThroughUi, ownClientAddress } from "./support/users";

/** A visitor in a browser of their own takes path "a" of `quiz` from `url` to the results. */
async function visitorToResults(browser: Browser, quiz: BranchingQuiz, url: string) {
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(url);
  await takePath(visitorPage, quiz, "a");
  return { visitor, visitorPage };
}

/** The quiz owner signs in and lands on /leads showing `quiz`'s leads only. */
async function ownerOpensLeadsOf(page: Page, quiz: BranchingQuiz) {
  const { email, password } = await quizOwner();
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": ownClientAddress() });
  await page.goto("/login?redirectUrl=%2Fleads");
  await logInThroughUi(page, email, password);
  await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();
  // Only this quiz's leads (the owner serves every visitor test).
  await page.getByTestId("filter-quiz").click();
  await page.getByRole("option", { name: quiz.title }).click();
}

/**
 * The leads screen (`/leads`, docs/leads.md) with the leads real visitors left: one took
 * the quiz in the browser (with UTM in the address), one came from a hand-written form
 * with a disposable e-mail. The owner finds them masked, opens one after the confirmation
 * (one request spent, the next look free) and reads every answer and the UTM.
 */
test("a visitor's lead appears masked, is opened for one request and shows every answer", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const quiz = await publishBranchingQuiz();

  const { visitor, visitorPage } = await visitorToResults(
    browser,
    quiz,
    `${quiz.publicUrl}?utm_source=e2e-leads&utm_campaign=spring`,
  );
  await sendContacts(visitorPage, {
    name: "Olena Leads",
    phone: "+12025550143",
    email: "olena.leads@example.com",
  });
  await expect(visitorPage.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await visitor.close();
  await submitLeadThroughApi(quiz, {
    name: "Ivan Throwaway",
    phone: "+12125550100",
    email: "ivan@mailinator.com",
  });

  await ownerOpensLeadsOf(page, quiz);
  const rows = page.locator("[data-testid^=lead-row-]");
  await expect(rows).toHaveCount(2);
  // Rows by their lead id: the masked text they are found by changes once opened.
  const rowOf = async (masked: string) =>
    page.getByTestId((await rows.filter({ hasText: masked }).getAttribute("data-testid")) ?? "");
  const olena = await rowOf("O***");
  const ivan = await rowOf("I***");
  await expect(olena.getByTestId("lead-email")).toHaveText("o***@example.com");
  await expect(olena.getByTestId("lead-phone")).toHaveText("+12 *** ** 43");
  await expect(page.getByText("Olena Leads")).toHaveCount(0);
  await expect(ivan.getByTestId("lead-flags")).toContainText("Disposable e-mail");
  await expect(olena.getByTestId("lead-flags")).not.toContainText("Disposable e-mail");
  await expectNoViolations(page, "leads list");

  // Opening asks first and says what it costs.
  const left = Number((await page.getByTestId("requests-left").textContent())?.match(/\d+/)?.[0]);
  await olena.getByRole("button", { name: "Open" }).click();
  const confirm = await openedDialog(page, "Open this lead?");
  await expect(confirm).toContainText("spends one request of your tariff");
  await expectNoViolations(page, "open confirmation");
  await confirm.getByRole("button", { name: "Open for 1 request" }).click();

  const detail = page.getByRole("dialog", { name: /Lead #\d+/ });
  const answers = detail.getByTestId("detail-answers");
  await expect(answers).toContainText(quiz.q1.title);
  await expect(answers).toContainText(quiz.q1.a.text);
  await expect(answers).toContainText(quiz.q2a.title);
  await expect(answers).toContainText(quiz.q2a.answers[0].text);
  await expect(detail.getByTestId("detail-utm")).toContainText("e2e-leads");
  await expect(detail.getByTestId("detail-utm")).toContainText("spring");
  await expect(detail.getByTestId("detail-contacts")).toContainText("Olena Leads");
  await expect(detail.getByTestId("detail-results")).toContainText(quiz.resultA.title);
  await expectNoViolations(page, "lead detail");
  await page.keyboard.press("Escape");
  await expect(detail).toHaveCount(0);
  await expect(page.getByTestId("requests-left")).toHaveText(`Requests left: ${left - 1}`);
  await expect(olena.getByTestId("lead-name")).toHaveText("Olena Leads");

  // Looking again is free: no confirmation, the same count.
  await olena.getByRole("button", { name: "View" }).click();
  await expect(detail.getByTestId("detail-answers")).toContainText(quiz.q1.a.text);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("requests-left")).toHaveText(`Requests left: ${left - 1}`);

  // The quality filter keeps the flagged lead only.
  await page.getByTestId("filter-flag").click();
  await page.getByRole("option", { name: "Disposable e-mail" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("I***");

  // Phone layout: the page fits, the table scrolls inside its frame.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByTestId("filter-quiz").click();
  await page.getByRole("option", { name: quiz.title }).click();
  await expect(rows).toHaveCount(2);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoViolations(page, "leads list, phone");
});

test("a visitor who answers two questions and closes the tab becomes a partial lead", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const quiz = await publishBranchingQuiz();
  const { visitor, visitorPage } = await visitorToResults(
    browser,
    quiz,
    `${quiz.publicUrl}?utm_source=e2e-partial`,
  );
  await visitorPage.close({ runBeforeUnload: true });
  await visitor.close();

  // Kept apart from the sent leads, with both answers.
  await expect
    .poll(
      async () =>
        (await ownerCall<LeadListPage>("GET", `/leadslist/?quiz=${quiz.id}&kind=partial`)).results
          .length,
    )
    .toBe(1);
  const sent = await ownerCall<LeadListPage>("GET", `/leadslist/?quiz=${quiz.id}`);
  expect(sent.results).toEqual([]);

  await ownerOpensLeadsOf(page, quiz);
  await expect(page.getByText("Leads not found")).toBeVisible();
  await page.getByTestId("filter-kind").click();
  await page.getByRole("option", { name: "Unfinished (partial)" }).click();
  const row = page.locator("[data-testid^=lead-row-]");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("lead-flags")).toContainText("Unfinished");
  await row.getByRole("button", { name: "Open" }).click();
  await (await openedDialog(page, "Open this lead?"))
    .getByRole("button", { name: "Open for 1 request" })
    .click();
  const answers = page.getByRole("dialog", { name: /Lead #\d+/ }).getByTestId("detail-answers");
  await expect(answers).toContainText(quiz.q1.a.text);
  await expect(answers).toContainText(quiz.q2a.answers[0].text);
  await expectNoViolations(page, "partial lead detail");
});

/**
 * docs/leads.md "Counts": the number of leads the dashboard shows for a quiz is the number
 * the leads list shows, when leads arrive and after the owner erases one; a copy of the quiz
 * starts with none.
 */
test("the dashboard's lead count matches the leads list, also after an erase", async ({ page }) => {
  test.setTimeout(120_000);
  const quiz = await publishBranchingQuiz();
  for (const [name, phone] of [
    ["Anna Count", "+12025550161"],
    ["Borys Count", "+12025550162"],
    ["Chrystia Count", "+12025550163"],
  ] as const) {
    await submitLeadThroughApi(quiz, { name, phone, email: `${name.split(" ")[0]}@example.com` });
  }

  await ownerOpensLeadsOf(page, quiz);
  const rows = page.locator("[data-testid^=lead-row-]");
  await expect(rows).toHaveCount(3);

  const quizRow = page.getByTestId(`quiz-row-${quiz.id}`);
  await page.goto("/");
  await expect(quizRow.getByTestId("quiz-leads")).toHaveText("3 leads");

  // The owner opens one lead and erases its personal data.
  await page.goto("/leads");
  await page.getByTestId("filter-quiz").click();
  await page.getByRole("option", { name: quiz.title }).click();
  await expect(rows).toHaveCount(3);
  await rows.filter({ hasText: "B***" }).getByRole("button", { name: "Open" }).click();
  await (await openedDialog(page, "Open this lead?"))
    .getByRole("button", { name: "Open for 1 request" })
    .click();
  const detail = page.getByRole("dialog", { name: /Lead #\d+/ });
  await expect(detail.getByTestId("detail-contacts")).toContainText("Borys Count", {
    timeout: 30_000,
  });
  await detail.getByRole("button", { name: "Erase personal data" }).click();
  await (await openedDialog(page, "Erase personal data"))
    .getByRole("button", { name: "Erase" })
    .click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByText("Borys Count")).toHaveCount(0);

  await page.goto("/");
  await expect(quizRow.getByTestId("quiz-leads")).toHaveText("2 leads");

  // A copy of the quiz has no leads of its own; the original keeps its two.
  await quizRow.getByTestId("quiz-actions").click();
  await page.getByTestId("quiz-copy").click();
  // The copy is the other row with the quiz's title in it (its title gets a copy mark).
  const copyRow = page
    .locator(`[data-testid^=quiz-row-]:not([data-testid="quiz-row-${quiz.id}"])`)
    .filter({ has: page.getByTestId("quiz-title").filter({ hasText: quiz.title }) });
  await expect(copyRow).toHaveCount(1);
  await expect(copyRow.getByTestId("quiz-leads")).toHaveText("0 leads");
  await expect(quizRow.getByTestId("quiz-leads")).toHaveText("2 leads");
});
