import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import {
  type BranchingQuiz,
  publishBranchingQuiz,
  quizOwner,
  visitorCall,
} from "./support/quiz-builder";
import { logInThroughUi, ownClientAddress } from "./support/users";

/**
 * Funnel analytics (docs/analytics.md): a scripted set of visits through the visitor API —
 * 5 views, 3 starts, 3 reach question 1, 2 answer it and reach "How many seats?", 2 reach
 * the form, 1 lead (and a honeypot bot's lead that must not count) — then the owner opens
 * the quiz's analytics from the dashboard and reads exactly those numbers.
 */

async function visit(quiz: BranchingQuiz, steps: number, utmSource: string) {
  const { session } = await visitorCall<{ session: string }>("/client-sessions/", {
    quiz: quiz.publicKey,
    service_session: true,
    utm: { utm_source: utmSource },
  });
  const event = (type: string, question?: number) =>
    visitorCall(`/public/quiz/${quiz.publicKey}/events/`, { session, type, question }, 204);
  await event("view");
  await event("view"); // a reload: still one view of this visit
  if (steps >= 1) await event("start");
  if (steps >= 1) await event("reach", quiz.q1.id);
  if (steps >= 2) {
    await event("answer", quiz.q1.id);
    await event("reach", quiz.q2a.id);
    await event("answer", quiz.q2a.id);
    await event("contacts");
  }
  return session;
}

function lead(quiz: BranchingQuiz, session: string, website = "") {
  return visitorCall(`/public/quiz/${quiz.publicKey}/lead/`, {
    submission_id: randomUUID(),
    session,
    answers: [
      { question: quiz.q1.id, answers: [quiz.q1.a.id] },
      { question: quiz.q2a.id, answers: [quiz.q2a.answers[0].id] },
    ],
    contacts: { name: "Analytics Visitor", phone: "+12025550143" },
    consent: true,
    utm: { utm_source: "newsletter" },
    website,
  });
}

test("the analytics page shows exactly the funnel of the scripted visits", async ({ page }) => {
  test.setTimeout(180_000);
  const quiz = await publishBranchingQuiz();
  const buyer = await visit(quiz, 2, "newsletter");
  const bot = await visit(quiz, 2, "newsletter");
  await visit(quiz, 1, "ads");
  await visit(quiz, 0, "ads");
  await visit(quiz, 0, "ads");
  await lead(quiz, buyer);
  await lead(quiz, bot, "https://spam.example");

  const { email, password } = await quizOwner();
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": ownClientAddress() });
  await page.goto("/login");
  await logInThroughUi(page, email, password);
  const row = page.getByTestId(`quiz-row-${quiz.id}`);
  await row.getByTestId("quiz-actions").click();
  await page.getByTestId("quiz-analytics").click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Analytics: ${quiz.title}`);
  const total = (key: string) => page.getByTestId(`analytics-total-${key}`);
  // The page's chunk (charts) and the report load after the heading.
  await expect(total("views")).toContainText("5", { timeout: 30_000 });
  await expect(total("starts")).toContainText("3");
  await expect(total("contacts")).toContainText("2");
  await expect(total("leads")).toContainText("1");
  await expect(total("conversion")).toContainText("20 %");

  const funnel = page.getByTestId("analytics-funnel-table");
  const funnelRow = (name: string) => funnel.getByRole("row", { name: new RegExp(`^${name}`) });
  await expect(funnelRow("Views")).toHaveText(/Views\s*5\s*100 %\s*—/);
  await expect(funnelRow("Starts")).toHaveText(/Starts\s*3\s*60 %\s*2/);
  await expect(funnelRow(`Question 1: ${quiz.q1.title}`)).toHaveText(/3\s*60 %\s*0$/);
  await expect(funnelRow(`Question 2: ${quiz.q2a.title}`)).toHaveText(/2\s*40 %\s*1$/);
  await expect(funnelRow(`Question 3: ${quiz.q2b.title}`)).toHaveText(/0\s*0 %\s*2$/);
  await expect(funnelRow("Reached the form")).toHaveText(/2\s*40 %\s*0$/);
  await expect(funnelRow("Leads")).toHaveText(/Leads\s*1\s*20 %\s*1/);

  const questions = page.getByTestId("analytics-questions-table");
  await expect(questions.getByRole("row", { name: /Question 1/ })).toHaveText(/3\s*2$/);
  await expect(questions.getByRole("row", { name: /Question 2/ })).toHaveText(/2\s*2$/);

  const sources = page.getByTestId("analytics-sources-table");
  await expect(sources.getByRole("row", { name: /^ads/ })).toHaveText(/ads\s*3\s*0\s*0 %/);
  await expect(sources.getByRole("row", { name: /^newsletter/ })).toHaveText(
    /newsletter\s*2\s*1\s*50 %/,
  );
  const days = page.getByTestId("analytics-days-table");
  await expect(days.getByRole("row")).toHaveCount(31); // the header and 30 days
  await expect(days.getByRole("row").last()).toHaveText(/5\s*3\s*1$/);

  await expectNoViolations(page, "quiz analytics");

  // Only the source "ads": its 3 views, 1 start, no lead.
  await page.getByTestId("analytics-source").click();
  await page.getByRole("option", { name: "ads" }).click();
  await expect(total("views")).toContainText("3");
  await expect(total("starts")).toContainText("1");
  await expect(total("leads")).toContainText("0");

  // A range before the visits: nothing.
  await page.getByTestId("analytics-to").fill("2026-01-02");
  await page.getByTestId("analytics-from").fill("2026-01-01");
  await expect(total("views")).toContainText("0");
});
