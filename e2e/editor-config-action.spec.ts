import { expect, type FrameLocator, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { leadsOfQuiz } from "./support/e2e-database";
import { saved, setField as setEditorField } from "./support/editor-ui";
import { hostPage, serveHostSite } from "./support/host-page";
import {
  type BranchingQuiz,
  publishBranchingQuiz,
  quizOwner,
  sendContacts,
  takePath,
} from "./support/quiz-builder";
import { chooseLanguage, logInThroughUi } from "./support/users";

/**
 * The publication setup tab (`/quiz/{id}/config-action`): for each of the six modes the
 * owner sets it up in the tab, copies what the tab gives (the snippet, or the landing's
 * address), pastes the snippet into a page of a site on another origin, and a visitor
 * there opens the quiz and sends a lead. Then axe and the screens at 1280 and 768 px.
 */

async function signInAsQuizOwner(page: Page) {
  const { email, password } = await quizOwner();
  await page.goto("/login");
  await logInThroughUi(page, email, password);
  await expect(page.getByTestId("user-menu")).toBeVisible();
}

/** Opens a mode from the editor menu's sub-menu (shown while the tab is open), else by address. */
async function openSection(page: Page, quiz: number, section: string, heading: string) {
  const link = page.getByTestId(`editor-nav-config-action-${section}`);
  if (await link.isVisible()) await link.click();
  else await page.goto(`/quiz/${quiz}/config-action?section=${section}`);
  // The first visit of a quiz also creates its config: give a loaded machine time.
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible({
    timeout: 30_000,
  });
}

/**
 * Picks a radio choice of the open mode. In CI a click that came right after switching modes
 * once left the choice unchanged (no write was sent): the page is let settle (nothing
 * saving) and the click tried again while the choice stays unpicked (reported in the stop
 * note; a person clicks again).
 */
async function pickChoice(page: Page, name: string) {
  await saved(page);
  const choice = page.getByRole("radio", { name });
  await expect(async () => {
    await choice.check({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await saved(page);
}

/** Types into an editor field and leaves it (the tab writes on blur), then waits for the save. */
async function setField(page: Page, testId: string, value: string) {
  await setEditorField(page.locator("body"), testId, value);
  await saved(page);
}

/** Presses "Copy code" and answers what the clipboard got (it must be the code shown). */
async function copySnippet(page: Page, expected: string): Promise<string> {
  const code = page.getByTestId("config-snippet");
  await expect(code).toContainText(expected);
  // In CI a click once left the button at "Copy code" (the chat mode, right after its text
  // was saved): the click is tried again until the button says it copied, as a person would.
  const button = page.getByTestId("config-snippet-copy");
  await expect(async () => {
    await button.click({ timeout: 2_000 });
    await expect(button).toContainText("Copied", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await code.textContent());
  return copied;
}

const quizFrame = (page: Page, quiz: BranchingQuiz): FrameLocator =>
  page.frameLocator(`iframe[title="${quiz.title}"]`);

/** The visitor takes path "a" and sends the form; the lead is stored with the page's address. */
async function leadGoesThrough(scope: FrameLocator | Page, quiz: BranchingQuiz, count: number) {
  await takePath(scope, quiz, "a");
  await sendContacts(scope, {
    name: `Visitor ${count}`,
    phone: "+12025550143",
    email: `visitor${count}@example.com`,
  });
  await expect(scope.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await expect.poll(async () => (await leadsOfQuiz(quiz.id)).length).toBe(count);
}

test("each mode: set up in the tab, its snippet copied and pasted on another site, a lead goes through", async ({
  page,
  context,
}) => {
  test.setTimeout(900_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setViewportSize({ width: 1280, height: 900 });
  const quiz = await publishBranchingQuiz();
  await signInAsQuizOwner(page);

  // The first visit creates the config (the quiz had none); the trigger is the default.
  await page.goto(`/quiz/${quiz.id}/config-action`);
  await expect(page.getByRole("heading", { level: 1, name: "Trigger" })).toBeVisible({
    timeout: 30_000,
  });
  await pickChoice(page, "Bottom left");
  await setField(page, "config-trigger-text", "Pick a sofa");
  await expect(page.getByTestId("config-snippet")).toContainText('data-position="left"');
  const trigger = await copySnippet(page, 'data-text="Pick a sofa"');

  await openSection(page, quiz.id, "banner", "Banner");
  await setField(page, "config-banner-text", "Sofa in a minute");
  const banner = await copySnippet(page, 'data-text="Sofa in a minute"');

  await openSection(page, quiz.id, "popup", "Popup");
  await pickChoice(page, "By a button on my site");
  await setField(page, "config-popup-button-id", "get-price");
  const popup = await copySnippet(page, 'data-button-id="get-price"');
  expect(popup).toContain('data-open="button"');

  await openSection(page, quiz.id, "body", "In the site body");
  const inline = await copySnippet(page, 'data-mode="inline"');

  await openSection(page, quiz.id, "chat", "Chat");
  await setField(page, "config-chat-text", "Ask about sofas");
  const chat = await copySnippet(page, 'data-text="Ask about sofas"');

  const subdomain = `sofa-${quiz.publicKey.toLowerCase().replace(/[^a-z0-9]/g, "")}`.slice(0, 40);
  await openSection(page, quiz.id, "landing", "Link / landing");
  await setField(page, "config-landing-company", "Sofa Ltd");
  await setField(page, "config-landing-subdomain", subdomain);
  await expect(page.getByTestId("config-landing-url")).toContainText(`/l/${subdomain}`);
  const landingUrl = (await page.getByTestId("config-landing-url").textContent()) ?? "";

  const site = await serveHostSite({
    "/trigger": hostPage("Trigger", `<p>Shop</p>\n${trigger}`),
    "/banner": hostPage("Banner", `<p>Shop</p>\n${banner}`),
    "/popup": hostPage(
      "Popup",
      `<button id="get-price" type="button">Find my sofa</button>\n${popup}`,
    ),
    "/inline": hostPage("Inline", `<p>Our quiz:</p>\n${inline}`),
    "/chat": hostPage("Chat", `<p>Shop</p>\n${chat}`),
  });
  const visitor = await context.browser()?.newContext();
  if (!visitor) throw new Error("no browser");
  const host = await visitor.newPage();
  try {
    await host.goto(site.url("/trigger"));
    await host.getByRole("button", { name: "Pick a sofa" }).first().click();
    await expect(host.getByRole("dialog", { name: quiz.title })).toBeVisible();
    await leadGoesThrough(quizFrame(host, quiz), quiz, 1);

    await host.goto(site.url("/banner"));
    await host.getByRole("button", { name: "Sofa in a minute" }).click();
    await expect(host.getByRole("dialog", { name: quiz.title })).toBeVisible();
    await leadGoesThrough(quizFrame(host, quiz), quiz, 2);

    await host.goto(site.url("/popup"));
    await expect(host.getByRole("dialog")).toHaveCount(0);
    await host.getByRole("button", { name: "Find my sofa" }).click();
    await expect(host.getByRole("dialog", { name: quiz.title })).toBeVisible();
    await leadGoesThrough(quizFrame(host, quiz), quiz, 3);

    await host.goto(site.url("/inline"));
    await leadGoesThrough(quizFrame(host, quiz), quiz, 4);

    await host.goto(site.url("/chat"));
    await host.getByRole("button", { name: "Ask about sofas" }).click();
    await leadGoesThrough(quizFrame(host, quiz), quiz, 5);

    // The landing: its address from the tab, opened as a visitor.
    await host.goto(landingUrl);
    await expect(host.getByText("Sofa Ltd").first()).toBeVisible();
    await leadGoesThrough(host, quiz, 6);
  } finally {
    await visitor.close();
    await site.close();
  }
  const pages = (await leadsOfQuiz(quiz.id)).map((lead) => new URL(lead.page_url ?? "").pathname);
  expect(pages).toEqual(["/trigger", "/banner", "/popup", "/inline", "/chat", `/l/${subdomain}`]);
});

test("the tab has no WCAG A/AA violations in any of its six modes, and fits 1280 and 768 px in English and Russian", async ({
  page,
}, testInfo) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const quiz = await publishBranchingQuiz();
  await signInAsQuizOwner(page);
  for (const [section, heading] of [
    ["trigger", "Trigger"],
    ["banner", "Banner"],
    ["popup", "Popup"],
    ["body", "In the site body"],
    ["chat", "Chat"],
    ["landing", "Link / landing"],
  ] as const) {
    await openSection(page, quiz.id, section, heading);
    await expect(page.getByTestId("config-enabled")).toBeVisible();
    await expectNoViolations(page, `publication setup, ${section}`);
  }
  // The preview shows the real loader on the sample site: the trigger's button is there.
  await openSection(page, quiz.id, "trigger", "Trigger");
  const preview = page.frameLocator('[data-testid="config-preview"]');
  await expect(preview.getByRole("button", { name: quiz.title })).toBeVisible();

  for (const language of ["en", "ru"] as const) {
    if (language === "ru") await chooseLanguage(page, "Русский");
    const heading = language === "ru" ? "Всплывающее окно" : "Popup";
    await page.setViewportSize({ width: 1280, height: 1000 });
    await openSection(page, quiz.id, "popup", heading);
    await expect(page.getByTestId("config-snippet")).toBeVisible();
    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 1000 });
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      const fits = await page.evaluate(
        () => document.documentElement.scrollWidth <= window.innerWidth,
      );
      expect(fits, `${language} at ${width} px fits the width`).toBe(true);
      await page.screenshot({
        path: testInfo.outputPath(`config-action-${language}-${width}.png`),
        fullPage: true,
      });
    }
  }
  // The language is the owner's profile setting: give the shared quiz owner English back.
  await chooseLanguage(page, "English");
  await expect(page.getByRole("heading", { level: 1, name: "Popup" })).toBeVisible();
});
