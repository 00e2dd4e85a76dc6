import { expect, type FrameLocator, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { openedDialog } from "./support/dialogs";
import { leadsOfQuiz } from "./support/e2e-database";
import { asSignedInOwner, editorQuizId, publishFromModal } from "./support/editor-ui";
import { chooseLanguage, ownClientAddress, registerThroughUi, uniqueEmail } from "./support/users";

/**
 * The template catalogue (docs/templates.md): the owner finds a template in the gallery,
 * plays it in the real runtime, uses it, finds its questions in the editor, publishes it,
 * and a visitor's lead arrives with the calculated cost.
 */

const RENOVATION = "Renovation cost calculator";

type Runtime = Pick<Page, "getByRole" | "getByLabel" | "getByText"> | FrameLocator;

async function shoot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });
}

async function next(runtime: Runtime) {
  await runtime.getByRole("button", { name: "Next" }).click();
}

/** Start page and the first question of the renovation calculator. */
async function startRenovation(runtime: Runtime) {
  await expect(
    runtime.getByRole("heading", { name: "Find out what your renovation will cost in 1 minute" }),
  ).toBeVisible();
  const question = runtime.getByRole("heading", { name: "What are we renovating?" });
  await expect(async () => {
    const start = runtime.getByRole("button", { name: "Calculate the cost" });
    if (await start.isVisible()) await start.click({ timeout: 2000 });
    await expect(question).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** Every question of a path: an apartment of the slider's area, cosmetic finish. */
async function answerRenovation(runtime: Runtime) {
  await startRenovation(runtime);
  await runtime.getByRole("radio", { name: "An apartment" }).click();
  await next(runtime);
  await expect(
    runtime.getByRole("heading", { name: "What is the area to renovate?" }),
  ).toBeVisible();
  const slider = runtime.getByRole("slider").first();
  await slider.focus();
  // 10 m² + 8 steps of 5 = 50 m².
  for (let i = 0; i < 8; i += 1) await slider.press("ArrowRight");
  await next(runtime);
  await runtime.getByRole("radio", { name: "New build, bare walls" }).click();
  await next(runtime);
  await runtime.getByRole("radio", { name: /^Cosmetic/ }).click();
  await next(runtime);
  // Cosmetic finish: the design-project question is skipped by its logic.
  await expect(
    runtime.getByRole("heading", { name: "Which extra works do you need?" }),
  ).toBeVisible();
  await runtime.getByRole("checkbox", { name: "None of these" }).check();
  await next(runtime);
  await expect(
    runtime.getByRole("heading", { name: "When would you like to start?" }),
  ).toBeVisible();
  await next(runtime);
  await expect(
    runtime.getByRole("heading", { name: "Anything else we should know?" }),
  ).toBeVisible();
  await next(runtime);
}

test("an owner previews a template, uses it, publishes it, and a visitor's lead arrives", async ({
  page,
  browser,
}) => {
  await registerThroughUi(page, uniqueEmail("templates"));
  // The dashboard's "from a template" leads to the gallery of the (first) project.
  await page.getByRole("button", { name: "Create my first quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/\d+\/questions$/);
  await page.getByTestId("editor-nav-back").click();
  await page.getByTestId("project-templates").first().click();
  await expect(page).toHaveURL(/\/templates\/\d+$/);
  await expect(page.getByRole("heading", { name: "Templates", level: 2 })).toBeVisible();
  const card = page.getByTestId("template-card").filter({ hasText: RENOVATION });
  await expect(card).toBeVisible();
  await expect(card).toContainText("8 questions");
  // The account's language is the default filter: English templates only.
  await expect(page.getByTestId("template-card").filter({ hasText: "Калькулятор" })).toHaveCount(0);
  await expectNoViolations(page, "/templates");
  await shoot(page, "templates-en-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(card).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  await shoot(page, "templates-en-375");
  await page.setViewportSize({ width: 1280, height: 720 });

  // Filters with no match: an empty state that clears them.
  await page.getByTestId("templates-search").fill("no template is called like this");
  await expect(page.getByTestId("templates-empty")).toBeVisible();
  await expectNoViolations(page, "/templates empty");
  await page.getByTestId("templates-clear").click();
  await expect(page.getByTestId("templates-search")).toHaveValue("");
  await expect(
    page.getByTestId("template-card").filter({ hasText: "Калькулятор стоимости ремонта" }),
  ).toBeVisible();
  await page.getByTestId("templates-search").fill("renovation");
  await expect(page.getByTestId("template-card")).toHaveCount(1);

  // Preview: the template plays in the real runtime, to the end, and is a rehearsal: the
  // lead sent from its form is not stored (on the catalogue's account or anywhere).
  await card.getByTestId("template-preview").click();
  const dialog = await openedDialog(page, `Preview: ${RENOVATION}`);
  const frame = page.frameLocator('[data-testid="template-preview-frame"] iframe');
  await answerRenovation(frame);
  await shoot(page, "templates-preview-en-1280", false);
  const form = frame.getByRole("heading", { name: "Where should we send the detailed estimate?" });
  await expect(form).toBeVisible();
  await frame.getByLabel(/^Name/).fill("Rehearsal Owner");
  await frame.getByLabel(/^Phone/).fill("+48601234567");
  await frame.getByRole("checkbox", { name: /^I agree/ }).check();
  await frame.getByRole("button", { name: "Get the estimate" }).click();
  await expect(form).toBeHidden();
  const catalogue = await asSignedInOwner<{ results: { id: number; title: string }[] }>(
    page,
    "GET",
    "/quiz-templates/?language=en&search=renovation",
  );
  const template = catalogue.results.find((entry) => entry.title === RENOVATION);
  if (!template) throw new Error("the renovation template is not in the catalogue");
  expect(await leadsOfQuiz(template.id)).toHaveLength(0);
  await dialog.getByRole("button", { name: "Close" }).click();

  // Use it: the editor of the copy opens with the template's questions.
  await card.getByTestId("template-use").click();
  await expect(page).toHaveURL(/\/quiz\/\d+\/questions$/);
  const quizId = editorQuizId(page);
  await expect(page.getByText("What is the area to renovate?").first()).toBeVisible();
  await expect(page.getByText("Which finish level do you want?").first()).toBeVisible();
  const url = await publishFromModal(page);

  const visitorContext = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": ownClientAddress() },
  });
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(url);
    await answerRenovation(visitor);
    await expect(
      visitor.getByRole("heading", { name: "Where should we send the detailed estimate?" }),
    ).toBeVisible();
    await visitor.getByLabel(/^Name/).fill("Olga Owner");
    await visitor.getByLabel(/^Phone/).fill("+48601234567");
    await visitor.getByRole("checkbox", { name: /^I agree/ }).check();
    await visitor.getByRole("button", { name: "Get the estimate" }).click();
    // 50 m² × (10 bare walls + 60 cosmetic + 0 extras) × 1 apartment = 3 500.
    await expect(
      visitor.getByRole("heading", { name: "Your estimated renovation cost" }),
    ).toBeVisible();
    await expect(visitor.getByText(/3[\s,.\u00a0\u202f]?500/).first()).toBeVisible();
  } finally {
    await visitorContext.close();
  }

  const list = await asSignedInOwner<{ results: { id: number; quiz: number }[] }>(
    page,
    "GET",
    "/leadslist/",
  );
  const leads = list.results.filter((lead) => lead.quiz === quizId);
  expect(leads).toHaveLength(1);
});

test("the gallery in Russian and on a phone; /copy-template/{id} copies from a link", async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail("templates-ru"));
  await chooseLanguage(page, "Русский");
  await page.getByRole("button", { name: "Создать первый квиз" }).click();
  await expect(page).toHaveURL(/\/quiz\/\d+\/questions$/);
  await page.getByTestId("editor-nav-back").click();
  await page.getByTestId("project-templates").first().click();
  await expect(page.getByRole("heading", { name: "Шаблоны", level: 2 })).toBeVisible();
  const card = page
    .getByTestId("template-card")
    .filter({ hasText: "Калькулятор стоимости ремонта" });
  await expect(card).toBeVisible();
  await expect(card).toContainText("8 вопросов");
  await expectNoViolations(page, "/templates ru");
  await shoot(page, "templates-ru-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(card).toBeVisible();
  // (Polled: the toast of the new project slides out over the edge for a moment.)
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  await shoot(page, "templates-ru-375");
  await card.getByTestId("template-preview").click();
  await expect(
    page
      .frameLocator('[data-testid="template-preview-frame"] iframe')
      .getByRole("heading", { name: "Узнайте стоимость ремонта за 1 минуту" }),
  ).toBeVisible();
  await shoot(page, "templates-preview-ru-375", false);
  await page.keyboard.press("Escape");

  // A link from outside: an unknown template says so; a real one is copied at once.
  await page.goto("/copy-template/999999");
  await expect(page.getByRole("heading", { name: "Такого шаблона нет" })).toBeVisible();
  await shoot(page, "copy-template-missing-ru-375");
  const templates = await asSignedInOwner<{ results: { id: number; title: string }[] }>(
    page,
    "GET",
    "/quiz-templates/?language=ru&search=%D1%80%D0%B5%D0%BC%D0%BE%D0%BD%D1%82",
  );
  const [template] = templates.results;
  if (!template) throw new Error("no template");
  await page.goto(`/copy-template/${template.id}`);
  await expect(page).toHaveURL(/\/quiz\/\d+\/questions$/);
  await expect(page.getByText("Какая площадь ремонта?").first()).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
});
