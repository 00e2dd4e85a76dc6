import { expect, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import {
  asSignedInOwner,
  chooseOption,
  editorQuizId,
  fitsTheWindow,
  previewOf,
  publishFromModal,
  saved,
  setField,
} from "./support/editor-ui";
import { chooseLanguage, registerThroughUi, uniqueEmail } from "./support/users";

/**
 * The editor's design and settings tabs (docs/editor.md "Design and settings"): a colour and
 * a font reach the live preview at once and the published page after publishing; a hard to
 * read colour pair is flagged; the settings survive a reload; both tabs pass axe and fit a
 * 390 px phone.
 */

test.use({ actionTimeout: 20_000 });

/** A new user's first quiz with one question, open on the design tab. */
async function designTabOfNewQuiz(page: Page): Promise<number> {
  await registerThroughUi(page, uniqueEmail("editor.design"));
  await page.getByRole("button", { name: "Create my first quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/\d+\/questions$/);
  const quiz = editorQuizId(page);
  await asSignedInOwner(page, "POST", "/question/", { quiz, type: 1, title: "Your budget?" });
  await page.getByTestId("editor-nav-design-settings").click();
  await expect(page.getByRole("heading", { name: "Design", level: 1 })).toBeVisible();
  return quiz;
}

/** #0b5e2a as the browser computes it. */
const GREEN = "rgb(11, 94, 42)";

test("a button colour and a font show in the preview and on the published page", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const quiz = await designTabOfNewQuiz(page);
  await expectNoViolations(page, "design tab");

  await setField(page.locator("body"), "design-button_color", "#0b5e2a");
  await chooseOption(page, page.getByTestId("design-font"), "Montserrat");
  await saved(page);
  // The start page's layout and auto-advance are design choices too.
  await page.getByRole("radio", { name: "Image on the right" }).click();
  await saved(page);
  await page.getByRole("switch", { name: /Go to the next question after a single choice/ }).click();
  await saved(page);
  const design = await asSignedInOwner<{ design: { start_layout: string; auto_advance: boolean } }>(
    page,
    "GET",
    `/quiz/${quiz}/`,
  );
  expect(design.design).toMatchObject({ start_layout: "beside_right", auto_advance: true });
  await page.screenshot({ path: testInfo.outputPath("design-en-1280.png"), timeout: 60_000 });
  // Button style 1 (plain): the button's text and border take the button colour.
  const previewStart = previewOf(page).getByRole("button", { name: "Start" });
  await expect(previewStart).toHaveCSS("color", GREEN);
  await expect(previewStart).toHaveCSS("font-family", /Montserrat/);

  // A failing pair: light grey text on the white background.
  await setField(page.locator("body"), "design-text_color", "#bbbbbb");
  await expect(page.getByTestId("design-text_color-contrast")).toContainText(
    "contrast with “Background colour” is below 4.5:1",
  );

  // Published: the visitor's page carries the same design.
  const url = await publishFromModal(page);
  const visitor = await page.context().newPage();
  await visitor.goto(url);
  const publishedStart = visitor.getByRole("button", { name: "Start" });
  await expect(publishedStart).toHaveCSS("color", GREEN);
  await expect(publishedStart).toHaveCSS("font-family", /Montserrat/);
  await visitor.close();

  // The phone: the design tab fits 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("design-page")).toBeVisible();
  // After a resize the layout settles (the navbar folds away) before it is measured.
  await expect.poll(() => fitsTheWindow(page)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath("design-en-390.png"), timeout: 60_000 });
  await page.setViewportSize({ width: 1280, height: 900 });
  await chooseLanguage(page, "Русский");
  await expect(page.getByRole("heading", { level: 1, name: "Дизайн" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("design-ru-1280.png"), timeout: 60_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  // After a resize the layout settles (the navbar folds away) before it is measured.
  await expect.poll(() => fitsTheWindow(page)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath("design-ru-390.png"), timeout: 60_000 });
});

test("settings: the title and the visitors' language survive a reload", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const quiz = await designTabOfNewQuiz(page);
  await page.getByTestId("editor-nav-settings").click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expectNoViolations(page, "settings tab");

  await setField(page.locator("body"), "settings-title", "Sofa finder");
  await chooseOption(page, page.getByTestId("settings-language"), "Deutsch");
  await setField(page.locator("body"), "settings-pixel_id", "123456789012345");
  await saved(page);
  await page.reload();
  await expect(page.getByTestId("settings-title")).toHaveValue("Sofa finder");
  await expect(page.getByTestId("settings-language")).toHaveValue("Deutsch");
  await expect(page.getByTestId("settings-pixel_id")).toHaveValue("123456789012345");
  const stored = await asSignedInOwner<{ title: string; language: number }>(
    page,
    "GET",
    `/quiz/${quiz}/`,
  );
  expect([stored.title, stored.language]).toEqual(["Sofa finder", 8]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("quiz-settings-page")).toBeVisible();
  // After a resize the layout settles (the navbar folds away) before it is measured.
  await expect.poll(() => fitsTheWindow(page)).toBe(true);
});
