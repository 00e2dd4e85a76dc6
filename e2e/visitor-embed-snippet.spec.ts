import { expect, type Page, type Route, test } from "@playwright/test";
import { E2E_VISITOR_ORIGIN } from "./support/e2e-origin";
import { hostPage, recordedEvents, serveHostSite } from "./support/host-page";
import { configureEmbed, publishBranchingQuiz, TEXTS } from "./support/quiz-builder";

/**
 * The snippet itself on an owner's site (docs/embed.md "Snippets",
 * docs/adr/0012-embed-snippet-after-load.md): the generated one inserts `/embed.js` after
 * the host page's load event and keeps a click on the site's button made before embed.js
 * arrived; the `<script async src>` form sites already have works as before.
 */

/** Holds every request matching `match` until `release()`; `requested` settles at the first. */
async function hold(page: Page, match: (url: URL) => boolean) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let seen = () => {};
  const requested = new Promise<void>((resolve) => {
    seen = resolve;
  });
  let count = 0;
  await page.route(
    (url) => match(url),
    async (route: Route) => {
      count += 1;
      seen();
      await released;
      await route.continue();
    },
  );
  return { release, requested, count: () => count };
}

const isEmbedJs = (url: URL) => url.pathname === "/embed.js";

/** The quiz's start page, in its iframe on the host page. */
const startPage = (page: Page, title: string) =>
  page.frameLocator(`iframe[title="${title}"]`).getByRole("heading", { name: TEXTS.startTitle });

/** A published quiz whose popup the host page's button `get-price` opens, and its snippet. */
async function popupOnButton() {
  const quiz = await publishBranchingQuiz();
  const snippets = await configureEmbed(quiz.id, {
    popup: { enabled: true, open: "button", button_id: "get-price" },
  });
  return { quiz, snippet: snippets.popup ?? "" };
}

test("the snippet loads embed.js after the host page's load event; the button then opens the popup", async ({
  page,
}) => {
  const { quiz, snippet } = await popupOnButton();
  expect(snippet).toMatch(/^<script data-leadquiz=/);
  expect(snippet).not.toContain(" src=");
  const site = await serveHostSite({
    "/": hostPage(
      "Sofas",
      `<button id="get-price" type="button">Find my sofa</button>\n${snippet}`,
    ),
  });
  try {
    await page.goto(site.url());
    // embed.js has run: `window.Leadquiz` is the loader's API.
    await expect
      .poll(() => page.evaluate(() => "v" in ((window as { Leadquiz?: object }).Leadquiz ?? {})))
      .toBe(true);
    // The request for embed.js started once the load event had begun, not before.
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType(
        "navigation",
      ) as PerformanceNavigationTiming[];
      const embed = performance
        .getEntriesByType("resource")
        .find((entry) => new URL(entry.name).pathname === "/embed.js");
      return { load: navigation?.loadEventStart ?? -1, embed: embed?.startTime ?? -1 };
    });
    expect(timing.load).toBeGreaterThan(0);
    expect(timing.embed).toBeGreaterThanOrEqual(timing.load);

    await page.getByRole("button", { name: "Find my sofa" }).click();
    const dialog = page.getByRole("dialog", { name: quiz.title });
    await expect(dialog).toBeVisible();
    await expect(startPage(page, quiz.title)).toBeVisible();
  } finally {
    await site.close();
  }
});

test("a click on the button before embed.js has arrived opens the popup once it does", async ({
  page,
}) => {
  const { quiz, snippet } = await popupOnButton();
  // An image that does not arrive holds the host page's load event; so does the test's
  // hold on embed.js hold the script.
  const site = await serveHostSite({
    "/": hostPage(
      "Slow page",
      `<img src="/slow.png" alt="" width="10" height="10">
<button id="get-price" type="button"><span>Find my sofa</span></button>\n${snippet}`,
    ),
  });
  const image = await hold(page, (url) => url.pathname === "/slow.png");
  const embed = await hold(page, isEmbedJs);
  try {
    await page.goto(site.url(), { waitUntil: "domcontentloaded" });
    await image.requested;
    expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
    expect(embed.count()).toBe(0);

    // The click comes before the load event: embed.js is asked for at once.
    await page.getByRole("button", { name: "Find my sofa" }).click();
    await embed.requested;
    await expect(page.getByRole("dialog")).toHaveCount(0);

    embed.release();
    const dialog = page.getByRole("dialog", { name: quiz.title });
    await expect(dialog).toBeVisible();
    await expect(startPage(page, quiz.title)).toBeVisible();
    image.release();
    await expect.poll(() => page.evaluate(() => document.readyState)).toBe("complete");
    // One embed.js, one opening for the one click.
    expect(embed.count()).toBe(1);
    const opened = (await recordedEvents(page)).filter((e) => e.name === "open");
    expect(opened).toEqual([expect.objectContaining({ publicKey: quiz.publicKey, mode: "popup" })]);

    // Closed, the button opens it again through embed.js itself.
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Find my sofa" }).click();
    await expect(dialog).toBeVisible();
    expect((await recordedEvents(page)).filter((e) => e.name === "open")).toHaveLength(2);
  } finally {
    image.release();
    embed.release();
    await site.close();
  }
});

test("the `<script async src>` form that sites already have still works, popup and inline", async ({
  page,
  baseURL,
}) => {
  const popupQuiz = await publishBranchingQuiz();
  const inlineQuiz = await publishBranchingQuiz();
  // As pasted before the visitor origin existed: embed.js of the owner app's origin
  // (PUBLIC_URL), whose copy frames the quizzes of the visitor origin (docs/embed.md "Origins").
  const src = `${baseURL}/embed.js`;
  const site = await serveHostSite({
    "/": hostPage(
      "Older snippet",
      `<div data-leadquiz="${inlineQuiz.publicKey}" data-mode="inline" data-title="${inlineQuiz.title}"></div>
<script async src="${src}"></script>
<button id="older-btn" type="button">Open the quiz</button>
<script async src="${src}" data-leadquiz="${popupQuiz.publicKey}" data-mode="popup" data-open="button" data-button-id="older-btn" data-title="${popupQuiz.title}"></script>`,
    ),
  });
  try {
    await page.goto(site.url());
    await expect(startPage(page, inlineQuiz.title)).toBeVisible();
    await page.getByRole("button", { name: "Open the quiz" }).click();
    await expect(page.getByRole("dialog", { name: popupQuiz.title })).toBeVisible();
    await expect(startPage(page, popupQuiz.title)).toBeVisible();
    for (const quiz of [inlineQuiz, popupQuiz]) {
      const frame = page.locator(`iframe[title="${quiz.title}"]`);
      expect(await frame.getAttribute("src")).toMatch(
        new RegExp(`^${E2E_VISITOR_ORIGIN}/q/${quiz.publicKey}\\?embed=1`),
      );
    }
    // The frames' messages pass the loader's origin check: each told it was ready.
    await expect
      .poll(async () =>
        (await recordedEvents(page)).filter((e) => e.name === "ready").map((e) => e.publicKey),
      )
      .toEqual(expect.arrayContaining([inlineQuiz.publicKey, popupQuiz.publicKey]));
  } finally {
    await site.close();
  }
});
