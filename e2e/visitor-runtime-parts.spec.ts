import { expect, type Page, test } from "@playwright/test";
import {
  type BranchingQuiz,
  publishBranchingQuiz,
  sendContacts,
  TEXTS,
  takePath,
} from "./support/quiz-builder";

/**
 * The visitor runtime in parts (docs/adr/0007): the entry draws and runs the first screen,
 * the other screens are chunks fetched ahead in idle time, retried when they fail, and
 * nothing the visitor did is lost on the way: a click before the page is live, the
 * answers while a chunk is missing. And nothing on the page moves by itself.
 */

const entry = "**/runtime/assets/runtime-*.js";

test("a click on Start before the page is live is not lost", async ({ page }) => {
  const quiz = await publishBranchingQuiz();
  // The entry arrives late: the visitor sees the server's first screen and clicks at once.
  let releaseEntry: () => void = () => undefined;
  const entryHeld = new Promise<void>((resolve) => {
    releaseEntry = resolve;
  });
  await page.route(entry, async (route) => {
    await entryHeld;
    await route.continue();
  });
  await page.goto(quiz.publicUrl, { waitUntil: "commit" });
  const root = page.locator(".lq-root");
  await expect(page.getByRole("heading", { name: TEXTS.startTitle })).toBeVisible();
  await expect(root).not.toHaveAttribute("data-lq-hydrated");
  await page.getByRole("button", { name: "Start" }).click();
  releaseEntry();

  await expect(root).toHaveAttribute("data-lq-hydrated", "");
  await expect(page.getByRole("heading", { name: TEXTS.q1 })).toBeVisible();
});

test("when the later screens' chunk fails to load, it comes when it can and the visitor goes on", async ({
  page,
}) => {
  const quiz = await publishBranchingQuiz();
  // The chunk of the screens after the start cannot be fetched (offline) until allowed.
  let online = false;
  let refused = 0;
  await page.route("**/runtime/assets/screens-*.js", async (route) => {
    if (online) return route.continue();
    refused += 1;
    return route.abort("internetdisconnected");
  });
  await page.goto(quiz.publicUrl);
  await expect(page.locator(".lq-root")).toHaveAttribute("data-lq-hydrated", "");
  await page.getByRole("button", { name: "Start" }).click();

  // No blank screen: the player says it is loading, in place of the question.
  await expect(page.getByRole("status").filter({ hasText: "Loading…" })).toBeVisible();
  expect(refused).toBeGreaterThan(0);
  online = true;
  // Retried by itself: the first question comes, with the focus, and no second click.
  const question = page.getByRole("heading", { name: TEXTS.q1 });
  await expect(question).toBeVisible({ timeout: 20_000 });
  await expect(question).toBeFocused();
  // And the walk goes on, its answers kept.
  await page.getByRole("radio", { name: TEXTS.q1a }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("radio", { name: TEXTS.q2aAnswers[1] }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: TEXTS.resultA })).toBeVisible();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("radio", { name: TEXTS.q2aAnswers[1] })).toBeChecked();
});

/** Sums `layout-shift` entries from the start of the page (buffered), as CLS counts them. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts = { total: 0, sources: [] as string[] };
    Object.assign(window, { __layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null; previousRect: DOMRect; currentRect: DOMRect }[];
      })[]) {
        shifts.total += entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node;
          shifts.sources.push(
            node instanceof Element
              ? `${node.outerHTML.slice(0, 80)} ${JSON.stringify(source.previousRect)} ${JSON.stringify(source.currentRect)} ${entry.startTime} ${entry.hadRecentInput}`
              : String(node),
          );
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return async () => {
    // Two frames: the last screen's layout is reported.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    return page.evaluate(
      () =>
        (window as unknown as { __layoutShifts: { total: number; sources: string[] } })
          .__layoutShifts,
    );
  };
}

async function walkThrough(page: Page, quiz: BranchingQuiz) {
  await page.goto(quiz.publicUrl);
  await takePath(page, quiz, "a");
  await sendContacts(page, { name: "Clara Still", phone: "+12025550143", email: "c@example.com" });
  await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
}

test("nothing shifts on the page through a whole walk (cumulative layout shift 0)", async ({
  page,
}) => {
  const quiz = await publishBranchingQuiz();
  const shifts = await watchLayoutShifts(page);
  await walkThrough(page, quiz);
  expect(await shifts()).toEqual({ total: 0, sources: [] });
});

test("on a phone too", async ({ browser }) => {
  const quiz = await publishBranchingQuiz();
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const shifts = await watchLayoutShifts(page);
  await walkThrough(page, quiz);
  expect(await shifts()).toEqual({ total: 0, sources: [] });
  await context.close();
});
