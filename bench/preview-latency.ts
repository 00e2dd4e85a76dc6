import { API_PREFIX } from "@leadquiz/contract";
import { chromium } from "@playwright/test";
import { apiPaths } from "../apps/server/src/test-support/api-paths";
import { ownerPage } from "./editor-speed";
import { type BenchOwner, log, median } from "./support";

/** One change of the draft until the editor's preview shows it. */
export interface PreviewLatencyResult {
  /** Opening `/quiz/{id}/questions` until the preview shows the quiz (cold frame). */
  firstShowMs: number;
  /** Each run: the PATCH sent until the new start page title is on the preview's screen. */
  runsMs: number[];
  medianMs: number;
  chromium: string;
}

/**
 * The editor's preview latency (docs/editor.md "Preview, publishing, history") in
 * Chromium (no throttling): the owner's session is put in place, the editor opens with
 * the preview shown, then each run changes the start page title through the API (PATCH
 * quiz/{id}/) and opens the publish modal, which re-reads the quiz as the editor does
 * after each of its own writes; the run ends when the preview frame's heading shows the
 * new title. So a run is: the write, the quiz re-read, the 100 ms debounce, the draft
 * snapshot, the postMessage and the runtime's render.
 */
export async function measurePreviewLatency(
  base: string,
  quiz: { quizId: number; owner: BenchOwner },
  options: { runs: number; executablePath: string },
): Promise<PreviewLatencyResult> {
  const browser = await chromium.launch({
    executablePath: options.executablePath,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    // The owner signed in (a session cookie of this context's own), the typical quiz's language.
    const page = await ownerPage(browser, base, quiz.owner, "uk");
    const frame = page.frameLocator('[data-testid="preview-frame"]');
    const opened = Date.now();
    await page.goto(`${base}/quiz/${quiz.quizId}/questions`);
    await frame.locator("[data-lq-heading]").first().waitFor({ timeout: 60_000 });
    const firstShowMs = Date.now() - opened;

    const runsMs: number[] = [];
    const url = `${base}${API_PREFIX}${apiPaths.quizById(quiz.quizId)}`;
    for (let run = 1; run <= options.runs; run += 1) {
      const title = `Bench title ${run} ${Date.now()}`;
      const started = Date.now();
      const response = await fetch(url, {
        method: "PATCH",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${quiz.owner.access}`,
        },
        body: JSON.stringify({ start_page: { title } }),
      });
      if (!response.ok) throw new Error(`PATCH ${url}: ${response.status}`);
      await page.getByTestId("editor-publish").click();
      await frame.getByText(title).waitFor({ timeout: 30_000 });
      runsMs.push(Date.now() - started);
      await page.keyboard.press("Escape");
      await page.getByTestId("publish-modal").waitFor({ state: "hidden" });
      log(`preview run ${run}: ${runsMs.at(-1)} ms`);
    }
    return { firstShowMs, runsMs, medianMs: median(runsMs), chromium: browser.version() };
  } finally {
    await browser.close();
  }
}
