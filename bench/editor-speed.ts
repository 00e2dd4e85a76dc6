import os from "node:os";
import { API_PREFIX, userinfoResponseSchema } from "@leadquiz/contract";
import { type Browser, chromium, type Frame, type Page } from "@playwright/test";
import { apiPaths } from "../apps/server/src/test-support/api-paths";
import { emulateNetwork, type NetworkLine } from "./fcp";
import { type BenchOwner, log, median, signIn } from "./support";

/** How fast the quiz editor is for an owner (issue 9, docs/editor.md "Testing and figures"). */
export interface EditorSpeedResult {
  questions: number;
  cpuSlowdown: number;
  /** Each run: opening `/quiz/{id}/questions` until the whole question list is on screen. */
  listRenderedMs: number[];
  /** Each run: opening it until a key typed into question 1's title is in the field. */
  interactiveMs: number[];
  medianListRenderedMs: number;
  medianInteractiveMs: number;
  /**
   * Each run: the API requests and the script files the page asked for until it was
   * interactive (the same on any machine; the times depend on the machine's load).
   */
  apiRequests: number[];
  scripts: number[];
  /** The machine's 1-minute load average at the end of each opening run. */
  loadAverage: number[];
  /**
   * Each run: opening it until interactive as above, over a line like an owner's (`LINE`):
   * what reads and chunks wait on the network for shows here, not on this machine's loopback.
   */
  lineInteractiveMs: number[];
  medianLineInteractiveMs: number;
  /** Each run: a key typed into question 1's title until the preview frame shows it. */
  keystrokeToPreviewMs: number[];
  medianKeystrokeToPreviewMs: number;
  chromium: string;
}

const CPU_SLOWDOWN = 4;
const QUESTIONS = 50;
/** An owner's line for the extra runs: 100 ms more per round trip, 20 Mbit/s both ways. */
export const LINE: NetworkLine = {
  latencyMs: 100,
  downloadBitsPerSecond: 20_000_000,
  uploadBitsPerSecond: 20_000_000,
};
const LINE_RUNS = 3;
/** Question 1's toggle and, once its card is open, its title field: what an opening clicks. */
const TOGGLE_SELECTOR = '[data-testid="question-1"] [data-testid="question-toggle"]';
const TITLE_SELECTOR = '[data-testid="question-1"] [data-testid="question-title"]';

/**
 * The centre of the element `selector` names, as soon as it is in the page with a size:
 * looked for in every animation frame (each frame the browser draws).
 */
async function centreWhenShown(page: Page, selector: string): Promise<[number, number]> {
  const handle = await page.waitForFunction(
    (wanted) => {
      const box = document.querySelector(wanted)?.getBoundingClientRect();
      return box && box.width > 0 && box.height > 0
        ? [box.left + box.width / 2, box.top + box.height / 2]
        : null;
    },
    selector,
    { polling: "raf", timeout: 60_000 },
  );
  const [x, y] = (await handle.jsonValue()) as [number, number];
  await handle.dispose();
  return [x, y];
}
/**
 * What `BENCH_EDITOR_TRACE=dir` records of each opening (not over the line): the main
 * thread's tasks and a sampled CPU profile, for Chromium's Performance panel or
 * `bench/trace-summary.ts`.
 */
const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "disabled-by-default-v8.cpu_profiler",
  "blink.user_timing",
];

type Owner = BenchOwner;

async function api<T>(base: string, owner: Owner, method: string, path: string, body: unknown) {
  const response = await fetch(`${base}${API_PREFIX}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${owner.access}` },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A quiz of 50 List questions made through the API, without a start page so the preview
 * opens on question 1 (the one the keystroke runs type into).
 */
export async function createLargeQuiz(base: string, owner: Owner): Promise<number> {
  const project = await api<{ id: number }>(base, owner, "POST", apiPaths.projects, {
    title: "Bench editor",
  });
  const quiz = await api<{ id: number }>(base, owner, "POST", apiPaths.quizzes, {
    project: project.id,
    title: "Fifty questions",
    start_page: { enabled: false },
  });
  for (let n = 1; n <= QUESTIONS; n += 1) {
    await api(base, owner, "POST", apiPaths.questions, {
      quiz: quiz.id,
      type: 1,
      title: `Question number ${n}`,
    });
  }
  return quiz.id;
}

/**
 * A page of a fresh context signed in as the owner (cold cache, like opening a link). The
 * browser holds what signing in leaves there: a session cookie of its own (a new sign-in, so
 * no two contexts spend one refresh token, docs/adr/0017-session-cookie.md) and the
 * profile's interface language (`LANGUAGE_STORAGE_KEY`, shared/i18n/i18n.ts). Without the
 * language the app would first draw the editor in English and then again in the owner's
 * language, which only a browser that never signed in does. The app's start refreshes with
 * the cookie before its first read, as it does for every owner.
 */
export async function ownerPage(
  browser: Browser,
  base: string,
  owner: Owner,
  language: string,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const { refresh } = await signIn(base, owner.email, owner.password);
  await context.addCookies(
    ["token/refresh", "logout"].map((call) => ({
      name: "lq_refresh",
      value: refresh,
      domain: new URL(base).hostname,
      path: `${API_PREFIX}/${call}`,
      httpOnly: true,
      sameSite: "Strict" as const,
    })),
  );
  await context.addInitScript(ownerLanguage, language);
  return context.newPage();
}

/** Runs in the page before its scripts: the language signing in stores. */
function ownerLanguage(language: string) {
  window.localStorage.setItem("leadquiz.language", language);
}

/** The owner's interface language, as their profile says. */
export async function profileLanguage(base: string, owner: Owner): Promise<string> {
  const response = await fetch(`${base}${API_PREFIX}${apiPaths.userinfo}`, {
    headers: { authorization: `Bearer ${owner.access}` },
  });
  if (!response.ok) throw new Error(`GET userinfo/: ${response.status}`);
  // A list of one (the contract's `userinfoResponseSchema`).
  const [user] = userinfoResponseSchema.parse(await response.json());
  if (!user) throw new Error("GET userinfo/: no user");
  return user.language_code;
}

/**
 * Records, in the page's own clock (ms since navigation), when the last question's card
 * is in the document and when question 1's title field first gets input.
 */
function recordMilestones(total: number) {
  const marks = { list: 0, input: 0 };
  (window as unknown as { benchMarks: typeof marks }).benchMarks = marks;
  new MutationObserver(() => {
    if (!marks.list && document.querySelector(`[data-testid="question-${total}"]`)) {
      marks.list = performance.now();
    }
  }).observe(document, { subtree: true, childList: true });
  document.addEventListener(
    "input",
    (event) => {
      const target = event.target as HTMLElement;
      if (!marks.input && target.closest('[data-testid="question-1"]')) {
        marks.input = performance.now();
      }
    },
    true,
  );
}

/** One opening of the editor: its milestones (ms from navigation) and what it asked for. */
export interface EditorOpening {
  listMs: number;
  inputMs: number;
  api: number;
  scripts: number;
  /** The machine's 1-minute load average when it ended. */
  load: number;
}

/**
 * Opens `/quiz/{quizId}/questions` in a fresh context at 4× CPU (over `LINE` when `line`)
 * until question 1's title, its card opened, takes a typed key.
 */
export async function openToInteractive(
  browser: Browser,
  base: string,
  owner: Owner,
  language: string,
  quizId: number,
  line = false,
): Promise<EditorOpening> {
  const page = await ownerPage(browser, base, owner, language);
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    if (line) await emulateNetwork(cdp, LINE);
    await page.addInitScript(recordMilestones, QUESTIONS);
    const requested = { api: 0, scripts: 0 };
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith(API_PREFIX)) requested.api += 1;
      else if (request.resourceType() === "script") requested.scripts += 1;
    });
    const trace = process.env.BENCH_EDITOR_TRACE;
    if (trace && !line) {
      await browser.startTracing(page, {
        path: `${trace}/editor-open-${Date.now()}.json`,
        categories: TRACE_CATEGORIES,
      });
    }
    await page.goto(`${base}/quiz/${quizId}/questions`);
    // The robot acts the moment each thing is on screen, as an owner's hand would, with the
    // browser's own mouse and keys. Playwright's locator actions would add their own time:
    // they look for an element in retry steps (20, 50, 100, 100, then every 500 ms) and
    // check it is visible, stable and hit before they press; at 4× CPU that was ~190 ms a
    // click on an idle page, and the wait for the card up to half a second (docs/editor.md
    // "How the bench acts").
    await page.mouse.click(...(await centreWhenShown(page, TOGGLE_SELECTOR)));
    await page.mouse.click(...(await centreWhenShown(page, TITLE_SELECTOR)));
    await page.keyboard.press("End");
    await page.keyboard.type("!");
    if (trace && !line) await browser.stopTracing();
    const marks = await page.evaluate(
      () => (window as unknown as { benchMarks: { list: number; input: number } }).benchMarks,
    );
    if (!marks.list || !marks.input)
      throw new Error(`milestones not reached: ${JSON.stringify(marks)}`);
    return {
      listMs: Math.round(marks.list),
      inputMs: Math.round(marks.input),
      ...requested,
      load: Math.round((os.loadavg()[0] ?? 0) * 10) / 10,
    };
  } finally {
    await page.context().close();
  }
}

/** The preview's frame (same origin), once it is attached. */
async function previewFrame(page: Page): Promise<Frame> {
  const handle = await page.getByTestId("preview-frame").elementHandle({ timeout: 60_000 });
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error("no preview frame");
  return frame;
}

/**
 * One keystroke run: all of a new title but its last character is typed, then the last
 * key; the time runs from that key's `keydown` (the editor's clock) until the preview
 * frame's document contains the whole title (its clock; both `Date.now()`).
 */
async function keystrokeRun(page: Page, frame: Frame, run: number): Promise<number> {
  const text = `Typed title ${run} ${Date.now()}`;
  await frame.evaluate((wanted) => {
    const state = { shownAt: 0 };
    (window as unknown as { benchShown: typeof state }).benchShown = state;
    // Inline callbacks only: a named function here would need tsx's `__name` helper,
    // which the page does not have.
    new MutationObserver((_, observer) => {
      if (!state.shownAt && document.body.textContent?.includes(wanted)) {
        state.shownAt = Date.now();
        observer.disconnect();
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, text);
  await page.evaluate(() => {
    const state = { keyAt: 0 };
    (window as unknown as { benchKey: typeof state }).benchKey = state;
    document.addEventListener("keydown", () => (state.keyAt = Date.now()), { capture: true });
  });
  const title = page.getByTestId("question-1").getByTestId("question-title");
  await title.fill(text.slice(0, -1));
  await page.keyboard.press(text.slice(-1));
  await frame.waitForFunction(
    () => (window as unknown as { benchShown: { shownAt: number } }).benchShown.shownAt > 0,
    undefined,
    { timeout: 30_000 },
  );
  const shownAt = await frame.evaluate(
    () => (window as unknown as { benchShown: { shownAt: number } }).benchShown.shownAt,
  );
  const keyAt = await page.evaluate(
    () => (window as unknown as { benchKey: { keyAt: number } }).benchKey.keyAt,
  );
  return shownAt - keyAt;
}

/**
 * The editor on a quiz of 50 questions in Chromium: (a) with a 4× CPU slowdown
 * (`Emulation.setCPUThrottlingRate`), each run in a fresh context, opening
 * `/quiz/{id}/questions` until the list is rendered and until question 1's title (its card
 * opened) takes a typed key; (b) without slowdown, a key typed into question 1's title in
 * the real questions UI until the preview frame shows the new title.
 */
export async function measureEditorSpeed(
  base: string,
  owner: Owner,
  options: { runs: number; executablePath: string },
): Promise<EditorSpeedResult> {
  const quizId = await createLargeQuiz(base, owner);
  const language = await profileLanguage(base, owner);
  const browser = await chromium.launch({
    executablePath: options.executablePath,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    // One unmeasured open, so no run pays for the server's first answers.
    await openToInteractive(browser, base, owner, language, quizId);
    const listRenderedMs: number[] = [];
    const interactiveMs: number[] = [];
    const apiRequests: number[] = [];
    const scripts: number[] = [];
    const loadAverage: number[] = [];
    for (let run = 1; run <= options.runs; run += 1) {
      const opened = await openToInteractive(browser, base, owner, language, quizId);
      listRenderedMs.push(opened.listMs);
      interactiveMs.push(opened.inputMs);
      apiRequests.push(opened.api);
      scripts.push(opened.scripts);
      loadAverage.push(opened.load);
      log(
        `editor open run ${run}: list ${opened.listMs} ms, interactive ${opened.inputMs} ms, ` +
          `${opened.api} API requests, ${opened.scripts} scripts, load average ${opened.load}`,
      );
    }

    const lineInteractiveMs: number[] = [];
    for (let run = 1; run <= LINE_RUNS; run += 1) {
      const opened = await openToInteractive(browser, base, owner, language, quizId, true);
      lineInteractiveMs.push(opened.inputMs);
      log(`editor open over the line, run ${run}: interactive ${opened.inputMs} ms`);
    }

    const page = await ownerPage(browser, base, owner, language);
    await page.goto(`${base}/quiz/${quizId}/questions`);
    const frame = await previewFrame(page);
    await frame.getByText("Question number 1", { exact: false }).first().waitFor({
      timeout: 60_000,
    });
    await page.getByTestId("question-1").getByTestId("question-toggle").click();
    const keystrokeToPreviewMs: number[] = [];
    for (let run = 1; run <= options.runs; run += 1) {
      keystrokeToPreviewMs.push(await keystrokeRun(page, frame, run));
      log(`keystroke to preview run ${run}: ${keystrokeToPreviewMs.at(-1)} ms`);
    }
    await page.context().close();
    return {
      questions: QUESTIONS,
      cpuSlowdown: CPU_SLOWDOWN,
      listRenderedMs,
      interactiveMs,
      medianListRenderedMs: median(listRenderedMs),
      medianInteractiveMs: median(interactiveMs),
      apiRequests,
      scripts,
      loadAverage,
      lineInteractiveMs,
      medianLineInteractiveMs: median(lineInteractiveMs),
      keystrokeToPreviewMs,
      medianKeystrokeToPreviewMs: median(keystrokeToPreviewMs),
      chromium: browser.version(),
    };
  } finally {
    await browser.close();
  }
}
