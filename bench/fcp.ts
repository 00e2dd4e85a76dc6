import {
  type Browser,
  type BrowserContext,
  type CDPSession,
  chromium,
  type Page,
} from "@playwright/test";
import { log, median } from "./support";

/**
 * First contentful paint of a page in Chromium with a mid-range phone's profile: device
 * metrics, a mobile user agent, 4x CPU slowdown and "slow 4G" (Lighthouse's mobile
 * numbers), a fresh browser context (empty cache, no cookies) for each run.
 */
export const MOBILE_PROFILE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 3,
  userAgent:
    "Mozilla/5.0 (Linux; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) " +
    "Chrome/126.0.0.0 Mobile Safari/537.36",
  cpuSlowdown: 4,
  network: {
    latencyMs: 150,
    downloadBitsPerSecond: 1.6 * 1024 * 1024,
    uploadBitsPerSecond: 750 * 1024,
  },
} as const;

export interface PaintRun {
  fcpMs: number;
  /** Navigation timing of the same run: DOMContentLoaded and load, from navigation start. */
  domContentLoadedMs: number;
  loadMs: number;
  /**
   * The document's first and last byte, from navigation start. Before the last byte are the
   * server and the line; after it, the fresh renderer's start and the page's own parsing,
   * style, layout and paint (bench/README.md "First contentful paint").
   */
  responseStartMs: number;
  responseEndMs: number;
  /** Bytes the page transferred (document and resources, as compressed on the wire). */
  transferredBytes: number;
  /** Script requests of the page (their URLs' paths). */
  scripts: string[];
  /** When the page's own content was first drawn (`ready` given): ms from navigation start. */
  readyMs?: number;
}

export interface PaintResult {
  url: string;
  runs: PaintRun[];
  medianFcpMs: number;
  medianLoadMs: number;
  /** Median of `readyMs` when a `ready` selector was given. */
  medianReadyMs?: number;
  /** What `readyMs` waits for. */
  ready?: string;
  chromium: string;
}

interface PageTiming {
  fcp: number | null;
  domContentLoaded: number;
  load: number;
  responseStart: number;
  responseEnd: number;
  transferred: number;
  scripts: string[];
}

/**
 * Read in the page once it has loaded. A string, not a function: tsx compiles functions
 * with name helpers that do not exist in the page.
 */
const PAGE_TIMING = `new Promise((resolve) => {
  const finish = () => {
    const [paint] = performance.getEntriesByName("first-contentful-paint");
    const [navigation] = performance.getEntriesByType("navigation");
    const resources = performance.getEntriesByType("resource");
    resolve({
      fcp: paint ? paint.startTime : null,
      domContentLoaded: navigation ? navigation.domContentLoadedEventEnd : 0,
      load: navigation ? navigation.loadEventEnd : 0,
      responseStart: navigation ? navigation.responseStart : 0,
      responseEnd: navigation ? navigation.responseEnd : 0,
      transferred: (navigation ? navigation.transferSize : 0) +
        resources.reduce((sum, entry) => sum + entry.transferSize, 0),
      scripts: resources
        .filter((entry) => entry.initiatorType === "script" || /\\.js(\\?|$)/.test(entry.name))
        .map((entry) => new URL(entry.name).pathname),
    });
  };
  if (performance.getEntriesByName("first-contentful-paint").length > 0) {
    // After the load event's handlers, so loadEventEnd is set.
    setTimeout(finish, 0);
  } else {
    new PerformanceObserver(() => finish()).observe({ type: "paint", buffered: true });
    setTimeout(finish, 10000);
  }
})`;

/**
 * Installed before the page's scripts: notes the first animation frame in which `selector`
 * matches (ms from navigation start), i.e. when the page's own content, not a placeholder
 * shell, is drawn. Strings, as PAGE_TIMING.
 */
const watchReady = (selector: string) => `(() => {
  const tick = () => {
    if (document.querySelector(${JSON.stringify(selector)})) window.__benchReadyMs = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;
/** Waits for the time `watchReady` notes (evaluated over CDP: the page's CSP forbids eval). */
const READY_MS = `new Promise((resolve) => {
  const check = () => (window.__benchReadyMs ? resolve(window.__benchReadyMs) : setTimeout(check, 50));
  check();
})`;

/** Chromium as every browser part of the bench launches it (no background traffic). */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A line's round trip (added latency) and throughput each way. */
export interface NetworkLine {
  latencyMs: number;
  downloadBitsPerSecond: number;
  uploadBitsPerSecond: number;
}

/** Makes a page's requests go over `line` (Chromium's network emulation, over CDP). */
export async function emulateNetwork(
  cdp: CDPSession,
  line: NetworkLine,
  connectionType?: "cellular4g",
): Promise<void> {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: line.latencyMs,
    downloadThroughput: line.downloadBitsPerSecond / 8,
    uploadThroughput: line.uploadBitsPerSecond / 8,
    ...(connectionType ? { connectionType } : {}),
  });
}

/**
 * A page in a fresh context (empty cache, no cookies) with MOBILE_PROFILE applied: device
 * metrics, user agent, touch, cache disabled, the network and CPU slowdown over CDP.
 * Close its context when done.
 */
export async function mobilePage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: MOBILE_PROFILE.viewport,
    deviceScaleFactor: MOBILE_PROFILE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: MOBILE_PROFILE.userAgent,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await emulateNetwork(cdp, MOBILE_PROFILE.network, "cellular4g");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: MOBILE_PROFILE.cpuSlowdown });
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** One page to measure: its URL, and optionally what marks its own content as drawn. */
export interface PaintTarget {
  url: string;
  /** A selector: `readyMs` is the first animation frame in which it matches. */
  ready?: string;
}

/** One measured load of `target` in a fresh mobile context. */
async function paintRun(browser: Browser, target: PaintTarget, label: string): Promise<PaintRun> {
  const { context, page } = await mobilePage(browser);
  try {
    if (target.ready) await page.addInitScript(watchReady(target.ready));
    await page.goto(target.url, { waitUntil: "load", timeout: 60_000 });
    const readyMs = target.ready ? ((await page.evaluate(READY_MS)) as number) : undefined;
    const timing = (await page.evaluate(PAGE_TIMING)) as PageTiming;
    if (timing.fcp === null) throw new Error(`${label}: no first-contentful-paint`);
    const run: PaintRun = {
      fcpMs: Math.round(timing.fcp),
      domContentLoadedMs: Math.round(timing.domContentLoaded),
      loadMs: Math.round(timing.load),
      responseStartMs: Math.round(timing.responseStart),
      responseEndMs: Math.round(timing.responseEnd),
      transferredBytes: timing.transferred,
      scripts: timing.scripts,
      ...(readyMs === undefined ? {} : { readyMs: Math.round(readyMs) }),
    };
    log(
      `FCP ${label} of ${new URL(target.url).pathname}: ${run.fcpMs} ms ` +
        `(document ${run.responseStartMs}–${run.responseEndMs} ms, load ${run.loadMs} ms${readyMs === undefined ? "" : `, ready ${run.readyMs} ms`})`,
    );
    return run;
  } finally {
    await context.close();
  }
}

/**
 * The first contentful paint of several pages, `runs` loads of each in one browser,
 * interleaved: round 1 loads the pages in the given order, round 2 in the reverse order,
 * and so on (A B, B A, A B …), so a change in the machine's load during the part falls on
 * every page alike and no page always goes first. One result per page, in the given order.
 */
export async function measureFirstPaints(
  targets: readonly PaintTarget[],
  options: { runs: number; executablePath: string },
): Promise<PaintResult[]> {
  const browser = await launchChromium(options.executablePath);
  const runs: PaintRun[][] = targets.map(() => []);
  try {
    for (let round = 0; round < options.runs; round += 1) {
      const order = targets.map((_, index) => index);
      if (round % 2 === 1) order.reverse();
      for (const index of order) {
        const target = targets[index];
        if (!target) continue;
        runs[index]?.push(await paintRun(browser, target, `run ${round + 1}/${options.runs}`));
      }
    }
    return targets.map((target, index) => {
      const own = runs[index] ?? [];
      return {
        url: target.url,
        runs: own,
        medianFcpMs: median(own.map((run) => run.fcpMs)),
        medianLoadMs: median(own.map((run) => run.loadMs)),
        ...(target.ready
          ? { ready: target.ready, medianReadyMs: median(own.map((run) => run.readyMs ?? 0)) }
          : {}),
        chromium: browser.version(),
      };
    });
  } finally {
    await browser.close();
  }
}

/** The first contentful paint of one page (`runs` loads, the median reported). */
export async function measureFirstPaint(
  url: string,
  options: { runs: number; executablePath: string; ready?: string },
): Promise<PaintResult> {
  const target: PaintTarget = options.ready ? { url, ready: options.ready } : { url };
  const [result] = await measureFirstPaints([target], options);
  if (!result) throw new Error(`no result for ${url}`);
  return result;
}
