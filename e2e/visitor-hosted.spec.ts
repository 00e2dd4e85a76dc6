import { expect, test } from "@playwright/test";
import { leadsOfQuiz } from "./support/e2e-database";
import {
  ownerCall,
  publishBranchingQuiz,
  sendContacts,
  startQuiz,
  TEXTS,
  takePath,
} from "./support/quiz-builder";

/**
 * The hosted page `/q/{public_key}` of a quiz with branching logic, published through the
 * owner's API: server-rendered first screen, two paths with their own follow-up question
 * and result, the contact form, and the lead as the server stored it.
 */

test("the first screen of /q/{key} comes in the server's HTML", async ({ request, browser }) => {
  const quiz = await publishBranchingQuiz();

  const response = await request.get(quiz.publicUrl);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/html");
  const html = await response.text();
  expect(html).toMatch(new RegExp(`<h2[^>]*>${escapeRegExp(TEXTS.startTitle)}</h2>`));
  expect(html).toContain(TEXTS.startDescription);
  expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);

  // Without JavaScript the visitor still sees the start page.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(quiz.publicUrl);
  await expect(page.getByRole("heading", { name: TEXTS.startTitle })).toBeVisible();
  await expect(page.getByText(TEXTS.startDescription)).toBeVisible();
  await context.close();
});

test("two paths lead to different results, and each lead is stored with its recomputed result", async ({
  browser,
}) => {
  const quiz = await publishBranchingQuiz();

  // Path A in one visitor's browser.
  const visitorA = await browser.newContext();
  const pageA = await visitorA.newPage();
  await pageA.goto(`${quiz.publicUrl}?utm_source=e2e&utm_campaign=path-a`);
  await takePath(pageA, quiz, "a");
  await sendContacts(pageA, {
    name: "Anna Family",
    phone: "+12025550143",
    email: "anna@example.com",
  });
  await expect(pageA.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await expect(pageA.getByText("Your answers are saved")).toHaveCount(0);
  await visitorA.close();

  // Path B in another's.
  const visitorB = await browser.newContext();
  const pageB = await visitorB.newPage();
  await pageB.goto(quiz.publicUrl);
  await takePath(pageB, quiz, "b");
  await sendContacts(pageB, {
    name: "Boris Solo",
    phone: "+1 212 555 0100",
    email: "boris@example.com",
  });
  await expect(pageB.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await visitorB.close();

  // The server stored both, with the results it computed itself and the answers as texts.
  await expect.poll(async () => (await leadsOfQuiz(quiz.id)).length).toBe(2);
  const [leadA, leadB] = await leadsOfQuiz(quiz.id);
  if (!leadA || !leadB) throw new Error("two leads expected");

  expect(leadA).toMatchObject({
    name: "Anna Family",
    email: "anna@example.com",
    phone: "+1 202 555 0143",
    consent: true,
    publication_version: 1,
    utm: { utm_source: "e2e", utm_campaign: "path-a" },
  });
  expect(leadA.page_url).toContain(`/q/${quiz.publicKey}`);
  expect(leadA.results).toEqual([
    expect.objectContaining({ id: quiz.resultA.id, title: quiz.resultA.title }),
  ]);
  expect(leadA.answers).toEqual([
    expect.objectContaining({
      question: quiz.q1.id,
      question_title: quiz.q1.title,
      answer: quiz.q1.a.text,
    }),
    expect.objectContaining({ question_title: quiz.q2a.title, answer: quiz.q2a.answers[0].text }),
  ]);

  expect(leadB).toMatchObject({
    name: "Boris Solo",
    email: "boris@example.com",
    phone: "+1 212 555 0100",
    consent: true,
  });
  expect(leadB.results).toEqual([
    expect.objectContaining({ id: quiz.resultB.id, title: quiz.resultB.title }),
  ]);
  expect(leadB.answers).toEqual([
    expect.objectContaining({ question_title: quiz.q1.title, answer: quiz.q1.b.text }),
    expect.objectContaining({ question_title: quiz.q2b.title, answer: quiz.q2b.answers[0].text }),
  ]);
  expect(leadA.submission_id).not.toBe(leadB.submission_id);
});

test("the contact form says what is wrong before anything is sent", async ({ page }) => {
  const quiz = await publishBranchingQuiz();
  await page.goto(quiz.publicUrl);
  await takePath(page, quiz, "b");
  await page.getByRole("button", { name: "Next" }).click();

  await page.getByLabel("Name").fill("Vera");
  const phone = page.getByLabel("Phone");
  await phone.fill("12345");
  await phone.blur();
  await expect(page.getByText("Invalid phone number")).toBeVisible();
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Please give your consent to continue")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Thank you!" })).toHaveCount(0);
  expect(await leadsOfQuiz(quiz.id)).toEqual([]);
});

test("auto-advance moves on after a click; a ticked messenger asks for the handle the lead carries", async ({
  page,
}, testInfo) => {
  const quiz = await publishBranchingQuiz();
  await ownerCall("PATCH", `/quiz/${quiz.id}/`, {
    design: { auto_advance: true },
    contact_form: { messengers: ["telegram", "instagram"] },
  });
  await ownerCall("POST", "/publication-quiz/", { quiz: quiz.id });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(quiz.publicUrl);
  await startQuiz(page, quiz);

  // A click on an answer is enough: no Next.
  await page.getByRole("radio", { name: quiz.q1.b.text }).click();
  await expect(page.getByRole("heading", { name: quiz.q2b.title })).toBeVisible();
  // The new step slides in…
  const animation = () =>
    page.locator(".lq-screen").evaluate((screen) => getComputedStyle(screen).animationName);
  expect(await animation()).toBe("lq-enter");
  await page.getByRole("radio", { name: quiz.q2b.answers[0].text }).click();
  await expect(page.getByRole("heading", { name: "Your result" })).toBeVisible();
  // …unless the visitor asked for less motion.
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await animation()).toBe("none");
  await page.getByRole("button", { name: "Next" }).click();

  await page.getByLabel("Name").fill("Vera");
  await page.getByLabel("Phone").fill("+12025550143");
  await page.getByRole("checkbox", { name: "Telegram" }).check();
  await page.getByRole("checkbox", { name: "Instagram" }).check();
  await expect(page.getByText("Leave empty to use the phone number above")).toBeVisible();
  await page.getByRole("checkbox", { name: "I agree to the privacy policy" }).check();
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Say how to reach you on Instagram")).toBeVisible();
  await expect(page.getByLabel("Your Instagram username or number")).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath("messengers-390.png"), fullPage: true });
  expect(await leadsOfQuiz(quiz.id)).toEqual([]);

  await page.getByLabel("Your Instagram username or number").fill("vera.k");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await expect.poll(async () => (await leadsOfQuiz(quiz.id)).length).toBe(1);
  const [lead] = await leadsOfQuiz(quiz.id);
  expect(lead?.messengers).toEqual({ telegram: "+1 202 555 0143", instagram: "vera.k" });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
