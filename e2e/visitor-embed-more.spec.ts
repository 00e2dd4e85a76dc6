import { expect, type Page, test } from "@playwright/test";
import { hostPage, recordedEvents, serveHostSite } from "./support/host-page";
import {
  type BranchingQuiz,
  configureEmbed,
  publishBranchingQuiz,
  startQuiz,
  TEXTS,
} from "./support/quiz-builder";

/**
 * More display modes of `/embed.js` on an owner's site (a real server on another origin,
 * snippets from `GET config/quiz/{id}` → `embed`): banner, chat, two quizzes on one page,
 * and the popup on a phone.
 */

const quizFrame = (page: Page, quiz: BranchingQuiz) =>
  page.frameLocator(`iframe[title="${quiz.title}"]`);

test("banner: the bar shows its text on the host page and a click opens the quiz", async ({
  page,
}) => {
  const quiz = await publishBranchingQuiz();
  const snippets = await configureEmbed(quiz.id, {
    banner: { enabled: true, text: "Find your sofa in a minute" },
  });
  expect(snippets.banner).toContain('data-mode="banner"');
  const site = await serveHostSite({
    "/": hostPage("Banner", `<p>Shop</p>\n${snippets.banner}`),
  });
  try {
    await page.goto(site.url());
    const banner = page.getByRole("button", { name: "Find your sofa in a minute" });
    await expect(banner).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator("iframe")).toHaveCount(0);

    await banner.click();
    await expect(page.getByRole("dialog", { name: quiz.title })).toBeVisible();
    await startQuiz(quizFrame(page, quiz), quiz);
    const opened = (await recordedEvents(page)).filter((e) => e.name === "open");
    expect(opened).toEqual([
      expect.objectContaining({ publicKey: quiz.publicKey, mode: "banner" }),
    ]);
  } finally {
    await site.close();
  }
});

test("chat: the chat button shows and opens the quiz in the chat panel", async ({ page }) => {
  const quiz = await publishBranchingQuiz();
  const snippets = await configureEmbed(quiz.id, {
    chat: { enabled: true, position: "right", button_text: "Ask about sofas" },
  });
  expect(snippets.chat).toContain('data-mode="chat"');
  const site = await serveHostSite({
    "/": hostPage("Chat", `<p>Shop</p>\n${snippets.chat}`),
  });
  try {
    await page.goto(site.url());
    const button = page.getByRole("button", { name: "Ask about sofas" });
    await expect(button).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await button.click();
    const panel = page.getByRole("dialog", { name: quiz.title });
    await expect(panel).toBeVisible();
    // A panel, not a modal: the host page stays usable.
    await expect(panel).not.toHaveAttribute("aria-modal", "true");
    await startQuiz(quizFrame(page, quiz), quiz);
    expect((await recordedEvents(page)).find((e) => e.name === "open")).toMatchObject({
      publicKey: quiz.publicKey,
      mode: "chat",
    });
  } finally {
    await site.close();
  }
});

test("two quizzes on one page: an inline one and a popup on a button work apart", async ({
  page,
}) => {
  const first = await publishBranchingQuiz();
  const second = await publishBranchingQuiz();
  expect(first.publicKey).not.toBe(second.publicKey);
  const inline = await configureEmbed(first.id, { body: { enabled: true } });
  const popup = await configureEmbed(second.id, {
    popup: { enabled: true, open: "button", button_id: "second-quiz" },
  });
  const site = await serveHostSite({
    "/": hostPage(
      "Two quizzes",
      `<div style="display:flex;gap:16px"><section style="flex:1">${inline.inline}</section>
<section style="flex:1"><button id="second-quiz" type="button">Open the other quiz</button></section></div>
${popup.popup}`,
    ),
  });
  try {
    await page.goto(site.url());
    const firstFrame = quizFrame(page, first);
    await expect(firstFrame.getByRole("heading", { name: TEXTS.startTitle })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator(`iframe[title="${second.title}"]`)).toHaveCount(0);

    await page.getByRole("button", { name: "Open the other quiz" }).click();
    const dialog = page.getByRole("dialog", { name: second.title });
    await expect(dialog).toBeVisible();
    const secondFrame = quizFrame(page, second);
    await startQuiz(secondFrame, second);
    // The inline quiz did not move: it still shows its start page.
    await expect(firstFrame.getByRole("heading", { name: TEXTS.startTitle })).toBeVisible();
    await expect(firstFrame.getByRole("heading", { name: first.q1.title })).toHaveCount(0);

    const opened = (await recordedEvents(page)).filter((e) => e.name === "open");
    expect(opened).toEqual([
      expect.objectContaining({ publicKey: second.publicKey, mode: "popup" }),
    ]);

    // Closing the popup leaves the inline quiz usable on its own.
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await expect(dialog).toBeHidden();
    await startQuiz(firstFrame, first);
  } finally {
    await site.close();
  }
});

test("on a phone the popup opened by a button fills the screen", async ({ browser }) => {
  const quiz = await publishBranchingQuiz();
  const snippets = await configureEmbed(quiz.id, {
    popup: { enabled: true, open: "button", button_id: "get-price" },
  });
  const site = await serveHostSite({
    "/": hostPage(
      "Phone",
      `<button id="get-price" type="button">Find my sofa</button>\n${snippets.popup}`,
    ),
  });
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  try {
    const page = await context.newPage();
    await page.goto(site.url());
    await page.getByRole("button", { name: "Find my sofa" }).tap();
    const dialog = page.getByRole("dialog", { name: quiz.title });
    await expect(dialog).toBeVisible();
    await expect(
      quizFrame(page, quiz).getByRole("heading", { name: TEXTS.startTitle }),
    ).toBeVisible();
    const viewport = await page.evaluate(() => ({
      width: window.innerWidth,
      height: window.innerHeight,
    }));
    for (const box of [
      await dialog.boundingBox(),
      await page.locator(`iframe[title="${quiz.title}"]`).boundingBox(),
    ]) {
      expect(box).not.toBeNull();
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(viewport.width * 0.95);
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(viewport.height * 0.95);
    }
  } finally {
    await context.close();
    await site.close();
  }
});
