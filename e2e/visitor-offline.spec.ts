import { expect, type Page, type Route, test } from "@playwright/test";
import { leadsOfQuiz } from "./support/e2e-database";
import { publishBranchingQuiz, sendContacts, takePath } from "./support/quiz-builder";

/**
 * A lead is never lost on the visitor's side: the first try of `POST …/lead/` fails at the
 * network layer (Playwright aborts the request; the server is the real one), the visitor is
 * told the answers will be sent, the queue tries again, and the server stores the lead
 * exactly once (idempotent by `submission_id`).
 */

const LEAD_REQUESTS = "**/api/v1/public/quiz/*/lead/";
const SAVED_NOTE = "Your answers are saved and will be sent as soon as you are back online.";
const CONTACTS = { name: "Olga Offline", phone: "+12025550143", email: "olga@example.com" };

function submissionIdOf(route: Route): string {
  const body = route.request().postDataJSON() as { submission_id?: unknown };
  if (typeof body.submission_id !== "string") throw new Error("a lead without submission_id");
  return body.submission_id;
}

function pendingLeads(page: Page, publicKey: string): Promise<unknown[]> {
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(`leadquiz:pending:${key}`) ?? "[]") as unknown[],
    publicKey,
  );
}

for (const failure of [
  { name: "never reaches the server", reachesServer: false },
  { name: "is stored but its answer is lost", reachesServer: true },
]) {
  test(`the first try ${failure.name}: the visitor is told, the retry stores the lead once`, async ({
    page,
  }) => {
    const quiz = await publishBranchingQuiz();
    const attempts: string[] = [];
    let releaseRetry: () => void = () => {};
    const retryReleased = new Promise<void>((resolve) => {
      releaseRetry = resolve;
    });
    await page.route(LEAD_REQUESTS, async (route) => {
      attempts.push(submissionIdOf(route));
      if (attempts.length === 1) {
        // The server got it (and stored it) but the connection dropped before the answer.
        if (failure.reachesServer) await route.fetch();
        await route.abort("internetdisconnected");
        return;
      }
      await retryReleased; // held until the test has seen the note
      await route.continue();
    });

    await page.goto(quiz.publicUrl);
    await takePath(page, quiz, "a");
    await sendContacts(page, CONTACTS);

    // The visitor moves on and is told the answers wait for the connection.
    await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: SAVED_NOTE })).toBeVisible();
    expect(await pendingLeads(page, quiz.publicKey)).toHaveLength(1);
    await expect.poll(() => attempts.length).toBe(2);

    // The retry gets through: the note goes, nothing is left pending.
    releaseRetry();
    await expect(page.getByText(SAVED_NOTE)).toBeHidden();
    await expect.poll(() => pendingLeads(page, quiz.publicKey)).toEqual([]);

    const [first, second] = attempts;
    expect(second).toBe(first);
    const leads = await leadsOfQuiz(quiz.id);
    expect(leads.map((lead) => lead.submission_id)).toEqual([first]);
    expect(leads[0]).toMatchObject({ name: CONTACTS.name, email: CONTACTS.email });
    expect(leads[0]?.results).toEqual([expect.objectContaining({ title: quiz.resultA.title })]);
  });
}

test("a lead that could not be sent before the tab closed is sent on the next visit, once", async ({
  context,
}) => {
  const quiz = await publishBranchingQuiz();
  const failed: string[] = [];
  // The whole first visit is offline for the lead: every try fails.
  await context.route(LEAD_REQUESTS, async (route) => {
    failed.push(submissionIdOf(route));
    await route.abort("internetdisconnected");
  });

  const firstVisit = await context.newPage();
  await firstVisit.goto(quiz.publicUrl);
  await takePath(firstVisit, quiz, "b");
  await sendContacts(firstVisit, CONTACTS);
  await expect(firstVisit.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await expect(firstVisit.getByText(SAVED_NOTE)).toBeVisible();
  expect(await pendingLeads(firstVisit, quiz.publicKey)).toHaveLength(1);
  await firstVisit.close();
  expect(failed.length).toBeGreaterThanOrEqual(1);
  expect(new Set(failed).size).toBe(1);
  expect(await leadsOfQuiz(quiz.id)).toEqual([]);

  // The connection is back; the visitor opens the quiz again in the same browser.
  await context.unroute(LEAD_REQUESTS);
  const resent: string[] = [];
  await context.route(LEAD_REQUESTS, async (route) => {
    resent.push(submissionIdOf(route));
    await route.continue();
  });
  const secondVisit = await context.newPage();
  await secondVisit.goto(quiz.publicUrl);
  await expect(secondVisit.getByRole("heading", { name: quiz.startTitle })).toBeVisible();

  await expect.poll(() => pendingLeads(secondVisit, quiz.publicKey)).toEqual([]);
  expect(resent).toEqual([failed[0]]);
  const leads = await leadsOfQuiz(quiz.id);
  expect(leads.map((lead) => lead.submission_id)).toEqual([failed[0]]);
  expect(leads[0]).toMatchObject({ name: CONTACTS.name, phone: "+1 202 555 0143" });
  expect(leads[0]?.results).toEqual([expect.objectContaining({ title: quiz.resultB.title })]);

  // A third visit sends nothing: the lead was acknowledged.
  await secondVisit.reload();
  await expect(secondVisit.getByRole("heading", { name: quiz.startTitle })).toBeVisible();
  expect(resent).toHaveLength(1);
  expect(await leadsOfQuiz(quiz.id)).toHaveLength(1);
});
