import { chromium } from "@playwright/test";
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

export async function measureFirstPaint(
  url: string,
  options: { runs: number; executablePath: string; ready?: string },
): Promise<PaintResult> {
  const browser = await chromium.launch({
    executablePath: options.executablePath,
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
  const runs: PaintRun[] = [];
  try {
    for (let index = 0; index < options.runs; index += 1) {
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
        await cdp.send("Network.enable");
        await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: MOBILE_PROFILE.network.latencyMs,
          downloadThroughput: MOBILE_PROFILE.network.downloadBitsPerSecond / 8,
          uploadThroughput: MOBILE_PROFILE.network.uploadBitsPerSecond / 8,
          connectionType: "cellular4g",
        });
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: MOBILE_PROFILE.cpuSlowdown });
        if (options.ready) await page.addInitScript(watchReady(options.ready));
        await page.goto(url, { waitUntil: "load", timeout: 60_000 });
        const readyMs = options.ready ? ((await page.evaluate(READY_MS)) as number) : undefined;
        const timing = (await page.evaluate(PAGE_TIMING)) as PageTiming;
        if (timing.fcp === null) throw new Error(`run ${index + 1}: no first-contentful-paint`);
        const run: PaintRun = {
          fcpMs: Math.round(timing.fcp),
          domContentLoadedMs: Math.round(timing.domContentLoaded),
          loadMs: Math.round(timing.load),
          transferredBytes: timing.transferred,
          scripts: timing.scripts,
          ...(readyMs === undefined ? {} : { readyMs: Math.round(readyMs) }),
        };
        log(
          `FCP run ${index + 1}/${options.runs} of ${new URL(url).pathname}: ${run.fcpMs} ms ` +
            `(load ${run.loadMs} ms${readyMs === undefined ? "" : `, ready ${run.readyMs} ms`})`,
        );
        runs.push(run);
      } finally {
        await context.close();
      }
    }
    return {
      url,
      runs,
      medianFcpMs: median(runs.map((run) => run.fcpMs)),
      medianLoadMs: median(runs.map((run) => run.loadMs)),
      ...(options.ready
        ? { ready: options.ready, medianReadyMs: median(runs.map((run) => run.readyMs ?? 0)) }
        : {}),
      chromium: browser.version(),
    };
  } finally {
    await browser.close();
  }
}
