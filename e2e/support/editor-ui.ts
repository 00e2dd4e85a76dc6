import { expect, type Locator, type Page } from "@playwright/test";
import { openedDialog } from "./dialogs";
import { accessTokenOf } from "./users";

/**
 * Steps of the quiz editor as an owner clicks them (docs/editor.md), for the browser tests
 * that go through several tabs: the journey and the accessibility tour.
 */

const API = "/api/v1";

/** The quiz id of the editor page now open (`/quiz/{id}/…`). */
export function editorQuizId(page: Page): number {
  const id = Number(/\/quiz\/(\d+)\//.exec(page.url())?.[1]);
  if (!Number.isInteger(id) || id < 1) throw new Error(`not in the editor: ${page.url()}`);
  return id;
}

/** The editor's live preview (the visitor runtime in a frame). */
export const previewOf = (page: Page) => page.frameLocator('[data-testid="preview-frame"]');

/** Waits until every write of the editor has been answered (the top bar's save state). */
export async function saved(page: Page) {
  await expect(page.getByTestId("editor-save-state")).not.toContainText("Saving");
}

/** Types into a field and leaves it (the editor writes a text when it is left). */
export async function setField(scope: Locator, testId: string, value: string) {
  const field = scope.getByTestId(testId);
  await field.fill(value);
  await field.blur();
}

/** Picks `name` in a Mantine select. */
export async function chooseOption(page: Page, select: Locator, name: string) {
  await select.click();
  await page.getByRole("option", { name, exact: true }).click();
}

/** The question card at a position (1-based) of the questions tab. */
export const questionCard = (page: Page, n: number) => page.getByTestId(`question-${n}`);

/**
 * Adds a question of a type from "Add question" and gives it a title; answers the new card
 * (open). `answers` are the texts of its first answers, for the types that have answers.
 */
export async function addQuestion(
  page: Page,
  typeName: string,
  title: string,
  answers: readonly string[] = [],
): Promise<Locator> {
  const before = await page.getByTestId("question-list").locator(":scope > div").count();
  await page.getByTestId("add-question").click();
  await page.getByRole("menuitem", { name: new RegExp(`^${typeName}`) }).click();
  const added = questionCard(page, before + 1);
  await expect(added.getByTestId("question-editor")).toBeVisible();
  await setField(added, "question-title", title);
  await expect(added.getByTestId("question-toggle")).toContainText(title);
  for (const [index, text] of answers.entries()) {
    await setField(added, `answer-${index + 1}-text`, text);
  }
  return added;
}

/** Closes an open question card. */
export async function collapse(question: Locator) {
  await question.getByTestId("question-toggle").click();
  await expect(question.getByTestId("question-editor")).toHaveCount(0);
}

/** A call of the owner's API with the signed-in user's token (read-back checks only). */
export async function asSignedInOwner<T>(
  page: Page,
  method: "GET" | "POST",
  path: string,
  data?: unknown,
): Promise<T> {
  const access = await accessTokenOf(page);
  const response = await page.request.fetch(`${API}${path}`, {
    method,
    headers: { Authorization: `Bearer ${access}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Whether the page is no wider than the window (no horizontal scrolling). */
export function fitsTheWindow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** Publishes from the publish modal and answers the public link it shows. */
export async function publishFromModal(page: Page): Promise<string> {
  await page.getByTestId("editor-publish").click();
  const modal = await openedDialog(page, "Publishing");
  await modal.getByTestId("publish-confirm").click();
  await (await openedDialog(page, "Publish the quiz?"))
    .getByRole("button", { name: "Publish" })
    .click();
  await expect(modal.getByTestId("publish-status")).toHaveText("Published");
  const url = (await modal.getByTestId("publish-public-url").textContent()) ?? "";
  expect(url).toMatch(/\/q\/[\w-]+$/);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("editor-publication-status")).toHaveText("Published");
  return url;
}
