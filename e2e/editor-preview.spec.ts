import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { openedDialog } from "./support/dialogs";
import { choiceQuestion, ownerCall, quizOwner } from "./support/quiz-builder";
import { logInThroughUi, ownClientAddress } from "./support/users";

/**
 * The editor's live preview, publish modal and version history (docs/editor.md "Preview,
 * publishing, history"), as the owner of the API helpers' quizzes.
 */

async function signInAsQuizOwner(page: Page) {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": ownClientAddress() });
  await page.goto("/login");
  const { email, password } = await quizOwner();
  await logInThroughUi(page, email, password);
  await expect(page.getByTestId("user-menu")).toBeVisible();
}

async function quizWithOneQuestion(title: string) {
  const project = await ownerCall<{ id: number }>("POST", "/project/", {});
  const quiz = await ownerCall<{ id: number }>("POST", "/quiz/", {
    project: project.id,
    title: `Preview quiz ${randomBytes(3).toString("hex")}`,
    start_page: { enabled: false },
    contact_form: { privacy_policy_url: "https://example.com/privacy" },
  });
  const question = await choiceQuestion(quiz.id, title, ["A flat", "A house"]);
  return { quiz: quiz.id, question };
}

test("the preview follows the draft; publish from the modal; restore a published version", async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { quiz, question } = await quizWithOneQuestion("Where do you live?");
  await signInAsQuizOwner(page);
  // The preview sends nothing of a visitor's: no session, no funnel event, no lead.
  const visitorCalls: string[] = [];
  page.on("request", (request) => {
    if (/\/(public\/quiz|client-sessions)\//.test(request.url())) visitorCalls.push(request.url());
  });
  await page.goto(`/quiz/${quiz}/questions`);

  // Shown by default, Desktop, with the draft's question in the real runtime.
  const frameElement = page.getByTestId("preview-frame");
  const preview = page.frameLocator('[data-testid="preview-frame"]');
  await expect(frameElement).toHaveAttribute("data-device", "desktop");
  await expect(preview.getByRole("heading", { name: "Where do you live?" })).toBeVisible();

  // A change of the draft made outside the editor (the API) reaches the preview too: it is
  // re-read every 5 s (the editor's own writes refresh it at once).
  await ownerCall("PATCH", `/question/${question.id}/`, { title: "Where do you live now?" });
  await expect(preview.getByRole("heading", { name: "Where do you live now?" })).toBeVisible({
    timeout: 20_000,
  });

  // Walkable: answer, back, on to the form and the thank-you screen (nothing is sent).
  await preview.getByRole("radio", { name: "A house" }).click();
  await preview.getByRole("button", { name: "Next" }).click();
  await expect(preview.getByLabel(/^Name/)).toBeVisible();
  await preview.getByRole("button", { name: "Back" }).click();
  await expect(preview.getByRole("radio", { name: "A house" })).toBeChecked();
  await preview.getByRole("button", { name: "Next" }).click();
  await preview.getByLabel(/^Name/).fill("Ann");
  await preview.getByLabel(/^Phone/).fill("+48601234567");
  await preview.getByRole("checkbox", { name: /privacy policy/ }).check();
  await preview.getByRole("button", { name: "Send" }).click();
  await expect(preview.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  expect(visitorCalls).toEqual([]);
  await page.getByTestId("preview-restart").click();
  await expect(preview.getByRole("heading", { name: "Where do you live now?" })).toBeVisible();

  // Mobile: a narrower frame, remembered after a reload.
  const desktopWidth = (await frameElement.boundingBox())?.width ?? 0;
  await page.getByTestId("editor-preview-device").getByText("Mobile").click();
  await expect(frameElement).toHaveAttribute("data-device", "mobile");
  await expect
    .poll(async () => (await frameElement.boundingBox())?.width ?? 0)
    .toBeLessThan(desktopWidth);
  await page.reload();
  await expect(frameElement).toHaveAttribute("data-device", "mobile");
  await expect(preview.getByRole("heading", { name: "Where do you live now?" })).toBeVisible();

  // Hidden, and remembered too.
  await page.getByTestId("preview-hide").click();
  await expect(frameElement).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("editor-preview-toggle")).toHaveAttribute("aria-pressed", "false");
  await expect(frameElement).toHaveCount(0);
  await page.getByTestId("editor-preview-toggle").click();
  await expect(preview.getByRole("heading", { name: "Where do you live now?" })).toBeVisible();

  // Publish through the modal, after a confirmation; copy the link.
  await page.getByTestId("editor-publish").click();
  const modal = await openedDialog(page, "Publishing");
  await expect(modal.getByTestId("publish-status")).toHaveText("Not published");
  await expect(modal.getByTestId("publish-date")).toHaveText("Not published yet.");
  await expectNoViolations(page, "editor with the publish modal");
  await modal.getByTestId("publish-confirm").click();
  await (await openedDialog(page, "Publish the quiz?"))
    .getByRole("button", { name: "Publish" })
    .click();
  await expect(modal.getByTestId("publish-status")).toHaveText("Published");
  await expect(modal.getByTestId("publish-date")).toContainText("Last published");
  const url = await modal.getByTestId("publish-public-url").textContent();
  await modal.getByTestId("publish-copy-link").click();
  await expect(modal.getByTestId("publish-copy-link")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("editor-publish")).toHaveText("Published");

  // A second version: the modal says there are unpublished changes and republishes.
  await ownerCall("PATCH", `/question/${question.id}/`, { title: "Second version title" });
  await expect(preview.getByRole("heading", { name: "Second version title" })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByTestId("editor-publish").click();
  await openedDialog(page, "Publishing");
  await expect(modal.getByTestId("publish-changes-note")).toBeVisible();
  await expect(modal.getByTestId("publish-status")).toHaveText("Unpublished changes");
  await modal.getByTestId("publish-confirm").click();
  await (await openedDialog(page, "Publish the quiz?"))
    .getByRole("button", { name: "Publish changes" })
    .click();
  await expect(modal.getByTestId("publish-status")).toHaveText("Published");
  await page.keyboard.press("Escape");

  // The history lists both; version 1 previews in the runtime, then becomes the draft.
  await page.getByTestId("editor-history").click();
  const history = page.getByRole("dialog", { name: "Version history" });
  await expect(history.getByTestId("version-entry")).toHaveCount(2);
  await expect(history.getByTestId("version-entry").first()).toContainText("Version 2");
  await expectNoViolations(page, "editor with the version history");
  await history.getByRole("button", { name: "Preview version 1" }).click();
  await expect(page.getByTestId("preview-source")).toHaveText("Version 1");
  await expect(preview.getByRole("heading", { name: "Where do you live now?" })).toBeVisible();
  await page.getByRole("button", { name: "Back to the draft" }).click();
  await expect(preview.getByRole("heading", { name: "Second version title" })).toBeVisible();

  await page.getByTestId("editor-history").click();
  await (await openedDialog(page, "Version history"))
    .getByRole("button", { name: "Restore version 1" })
    .click();
  await (await openedDialog(page, "Restore version 1?"))
    .getByRole("button", { name: "Restore" })
    .click();
  await expect(page.getByTestId("preview-source")).toHaveText("Draft");
  await expect(preview.getByRole("heading", { name: "Where do you live now?" })).toBeVisible();
  await expect(page.getByTestId("editor-publication-status")).toHaveText("Unpublished changes");
  const draft = await ownerCall<{ questions: { title: string }[] }>(
    "GET",
    `/quiz/${quiz}/preview/`,
  );
  expect(draft.questions.map((q) => q.title)).toEqual(["Where do you live now?"]);
});

test("below 1100 px the preview starts closed and opens over the tabs", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 768, height: 1024 });
  const { quiz } = await quizWithOneQuestion("Tablet question?");
  await signInAsQuizOwner(page);
  await page.goto(`/quiz/${quiz}/questions`);
  await expect(page.getByTestId("editor-preview-toggle")).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("preview-frame")).toHaveCount(0);
  await page.getByTestId("editor-preview-toggle").click();
  const preview = page.frameLocator('[data-testid="preview-frame"]');
  await expect(preview.getByRole("heading", { name: "Tablet question?" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  await page.getByTestId("preview-hide").click();
  await expect(page.getByTestId("preview-frame")).toHaveCount(0);
});
