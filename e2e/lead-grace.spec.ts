import { expect, type Page, test } from "@playwright/test";
import { leadsOfQuiz, withServerDatabase } from "./support/e2e-database";
import { ownerCall, publishBranchingQuiz, sendContacts, takePath } from "./support/quiz-builder";

/**
 * docs/leads.md "Closed quizzes": the owner hides the quiz while a visitor is on it. Within
 * the grace period the visitor's lead is stored like any other; after it, the form says why
 * it was not taken and the answers stay in the browser.
 */

const CONTACTS = { name: "Greta Grace", phone: "+12025550144", email: "greta@example.com" };

function pendingLeads(page: Page, publicKey: string): Promise<{ contacts: { name: string } }[]> {
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(`leadquiz:pending:${key}`) ?? "[]"),
    publicKey,
  );
}

test("the quiz is hidden during the visit: the lead is still stored", async ({ page }) => {
  const quiz = await publishBranchingQuiz();
  await page.goto(quiz.publicUrl);
  await takePath(page, quiz, "a");

  await ownerCall("PUT", `/quiz/${quiz.id}/publish/`, { is_published: false });
  // New visitors no longer get it…
  expect((await page.request.get(`/api/v1/public/quiz/${quiz.publicKey}/`)).status()).toBe(404);

  // …while the visitor already on it finishes and the lead is stored.
  await sendContacts(page, CONTACTS);
  await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await expect.poll(async () => (await leadsOfQuiz(quiz.id)).length).toBe(1);
  const [lead] = await leadsOfQuiz(quiz.id);
  expect(lead).toMatchObject({ name: CONTACTS.name, email: CONTACTS.email });
  expect(await pendingLeads(page, quiz.publicKey)).toEqual([]);
});

test("hidden longer than the grace period: the form says so and keeps the answers", async ({
  page,
}) => {
  const quiz = await publishBranchingQuiz();
  await page.goto(quiz.publicUrl);
  await takePath(page, quiz, "a");

  await ownerCall("PUT", `/quiz/${quiz.id}/publish/`, { is_published: false });
  await withServerDatabase((client) =>
    client.query("update quizzes set hidden_at = now() - interval '25 hours' where id = $1", [
      quiz.id,
    ]),
  );

  await sendContacts(page, CONTACTS);
  await expect(page.getByRole("alert")).toHaveText(
    "The owner has closed this quiz, so it no longer takes answers.",
  );
  await expect(
    page.getByText("Your answers are kept in this browser, so nothing you typed is lost."),
  ).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(CONTACTS.name);
  await expect(page.getByRole("button", { name: "Send" })).toHaveAttribute("aria-disabled", "true");
  const pending = await pendingLeads(page, quiz.publicKey);
  expect(pending).toHaveLength(1);
  expect(pending[0]?.contacts.name).toBe(CONTACTS.name);
  expect(await leadsOfQuiz(quiz.id)).toEqual([]);
});
