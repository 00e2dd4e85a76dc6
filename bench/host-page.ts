import { readFileSync } from "node:fs";
import os from "node:os";
import { API_PREFIX, type QuizConfig } from "@leadquiz/contract";
import type { Browser, Page, Request } from "@playwright/test";
import { apiPaths } from "../apps/server/src/test-support/api-paths";
import { launchChromium, MOBILE_PROFILE, mobilePage } from "./fcp";
import { startStaticServer } from "./static-server";
import { costRatio, ratioText, TARGETS } from "./summary";
import { at, log, median, type OwnerSession, sleep } from "./support";

/**
 * Host page cost (issue 15): the load event and the total blocking time of a plain host
 * page without any embed, with our popup embed, with Typeform's popup embed
 * (`@typeform/embed`) and with Formbricks' loader (`@formbricks/js`), side by side in one
 * browser under MOBILE_PROFILE. bench/README.md says what each variant loads and what the
 * closed network keeps from loading.
 */

export type HostVariantKey = "bare" | "inline" | "leadquiz" | "typeform" | "formbricks";

export interface HostRun {
  fcpMs: number;
  /** `loadEventEnd` of the navigation, ms from its start. */
  loadMs: number;
  /** Σ (long task after FCP − 50 ms) until the page was quiet, ms. */
  tbtMs: number;
  /** Long tasks (over 50 ms) seen from the start until quiet. */
  longTasks: number;
  /** When the page was found quiet, ms from navigation start. */
  quietMs: number;
  /** Bytes transferred (document and resources). */
  transferredBytes: number;
  /** Requests on loopback (the page, the scripts) that failed: the load is done again. */
  failed: string[];
}

export interface HostVariantResult {
  key: HostVariantKey;
  name: string;
  runs: HostRun[];
  medianLoadMs: number;
  medianTbtMs: number;
  medianFcpMs: number;
  medianTransferredBytes: number;
  /** Loads done again because one of the page's own files failed (`failed` below). */
  retried: number;
  /**
   * Requests of all runs (`host …`, `product …` or the URL), each with what became of it
   * and how many times: `loaded`, `blocked` (off loopback) or `failed (the browser's reason)`.
   */
  requests: { url: string; outcomes: Record<string, number> }[];
}

export interface HostPageResults {
  runs: number;
  chromium: string;
  /** 1-minute load average before and after the part. */
  loadAverage: [number, number];
  /** Quiet: this long without a long task and without a request in flight (ms). */
  quietWindowMs: number;
  variants: HostVariantResult[];
}

/** Quiet after the load event: no long task and no request for this long. */
const QUIET_WINDOW_MS = 1500;
/** The longest a run waits for quiet after the load event. */
const QUIET_CAP_MS = 10_000;
/** Typeform's CDN base of its style sheets, compiled into its embed script. */
const TYPEFORM_CSS_BASE = "https://embed.typeform.com/next/css/";
/**
 * Formbricks' loader fetches its SDK from `${appUrl}/js/formbricks.umd.cjs`, a file a
 * Formbricks server serves (it is not on npm). A placeholder origin: the request is
 * blocked like every request off loopback.
 */
const FORMBRICKS_APP_URL = "https://formbricks.example";

/** The button of the host page that opens each vendor's popup. */
const BUTTON_ID = "quiz-btn";

/** A plain host page: a heading, a menu, text in two columns, a button; no image. */
function hostPage(title: string, buttonAttributes: string, embed: string): string {
  const paragraph =
    "Our workshop builds sofas, armchairs and beds to order from solid oak and ash. Each " +
    "piece is cut, joined and upholstered by hand, then delivered and assembled at your " +
    "home within three weeks. Choose the fabric from more than two hundred samples.";
  const section = (heading: string) =>
    `<section><h2>${heading}</h2><p>${paragraph}</p><p>${paragraph}</p></section>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #222; }
header, footer { padding: 16px; background: #f2f2f2; }
nav a { margin-right: 12px; color: #1a4fa0; }
main { display: grid; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); gap: 16px; padding: 16px; }
button { font: inherit; padding: 12px 20px; border: 0; border-radius: 6px; background: #1a4fa0; color: #fff; }
</style>
</head>
<body>
<header><h1>Oak &amp; Ash furniture</h1><nav><a href="#sofas">Sofas</a><a href="#beds">Beds</a><a href="#contact">Contact</a></nav></header>
<main>
${section("Sofas")}
${section("Armchairs")}
${section("Beds")}
${section("Delivery")}
</main>
<footer><p>Not sure what fits your room?</p><button id="${BUTTON_ID}" type="button"${buttonAttributes}>Pick your sofa</button></footer>
${embed}
</body>
</html>
`;
}

interface Variant {
  key: HostVariantKey;
  name: string;
  html: string;
}

/**
 * Our popup snippet as the product hands it to owners: the typical quiz's popup set to
 * open by the host page's button (`PATCH config/quiz/{id}/`, or a POST when the quiz has
 * no config yet), then `embed.popup` of `GET config/quiz/{quiz}` (docs/embed.md
 * "Snippets").
 */
export async function productPopupSnippet(
  base: string,
  quiz: { quizId: number; session: OwnerSession },
): Promise<string> {
  await quiz.session.renew();
  const call = async (method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${base}${API_PREFIX}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${quiz.session.token()}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
  const popup = { enabled: true, open: "button", button_id: BUTTON_ID };
  const existing = await call("GET", apiPaths.quizConfigByQuiz(quiz.quizId));
  const written =
    existing.status === 404
      ? await call("POST", apiPaths.quizConfigs, { quiz: quiz.quizId, popup })
      : await call("PATCH", apiPaths.quizConfigById(((await existing.json()) as QuizConfig).id), {
          popup,
        });
  if (!written.ok) throw new Error(`popup config: ${written.status} ${await written.text()}`);
  const config = (await (await call("GET", apiPaths.quizConfigByQuiz(quiz.quizId))).json()) as
    | QuizConfig
    | undefined;
  const snippet = config?.embed?.popup;
  if (!snippet) throw new Error("GET config/quiz/{id} answered no popup snippet");
  return snippet;
}

/**
 * The variants: the bare page; the bare page with an inline script of one statement where
 * the snippets go (information: what any inline snippet costs the load event in Chromium,
 * bench/README.md "Host page cost"); and each vendor's snippet for a popup on a button.
 */
function variants(product: { snippet: string }): Variant[] {
  return [
    { key: "bare", name: "no embed", html: hostPage("Host page", "", "") },
    {
      key: "inline",
      name: "no embed, an inline script of one statement",
      html: hostPage("Host page", "", "<script>var x = 1;</script>"),
    },
    {
      key: "leadquiz",
      name: "Leadquiz popup (`/embed.js`)",
      html: hostPage("Host page", "", product.snippet),
    },
    {
      key: "typeform",
      name: "Typeform popup (`@typeform/embed`)",
      html: hostPage(
        "Host page",
        ' data-tf-popup="BenchForm1"',
        '<script src="/vendor/typeform/embed.js"></script>',
      ),
    },
    {
      key: "formbricks",
      name: "Formbricks loader (`@formbricks/js`)",
      html: hostPage(
        "Host page",
        "",
        '<script type="module">import formbricks from "/vendor/formbricks/index.js"; ' +
          `formbricks.setup({ workspaceId: "bench-workspace", appUrl: "${FORMBRICKS_APP_URL}" });</script>`,
      ),
    },
  ];
}

/**
 * Typeform's embed script as its CDN serves it (`build/embed.js` of the npm package, the
 * one that reads `data-tf-popup`), with the base of its style sheets pointed at the bench's
 * server instead of Typeform's CDN, which the closed network cannot reach: the popup's
 * style sheet then comes from the package too, over the same throttled network.
 */
function typeformScript(cssBase: string): string {
  const script = readFileSync(at("node_modules/@typeform/embed/build/embed.js"), "utf8");
  if (!script.includes(TYPEFORM_CSS_BASE)) {
    throw new Error(`@typeform/embed no longer names ${TYPEFORM_CSS_BASE}: update host-page.ts`);
  }
  return script.replaceAll(TYPEFORM_CSS_BASE, cssBase);
}

/**
 * Installed before the page's scripts: collects long tasks (PerformanceObserver
 * "longtask") into `window.__benchLongTasks`. A string, as fcp.ts's page scripts.
 */
const WATCH_LONG_TASKS = `(() => {
  window.__benchLongTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.__benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: "longtask", buffered: true });
  } catch {}
})()`;

/** Read in the page once quiet: the paint, the navigation timing and the long tasks. */
const HOST_TIMING = `(() => {
  const [paint] = performance.getEntriesByName("first-contentful-paint");
  const [navigation] = performance.getEntriesByType("navigation");
  return {
    now: performance.now(),
    fcp: paint ? paint.startTime : null,
    load: navigation ? navigation.loadEventEnd : 0,
    transferred: (navigation ? navigation.transferSize : 0) +
      performance.getEntriesByType("resource").reduce((sum, entry) => sum + entry.transferSize, 0),
    longTasks: window.__benchLongTasks || [],
  };
})()`;

interface HostTiming {
  now: number;
  fcp: number | null;
  load: number;
  transferred: number;
  longTasks: { start: number; duration: number }[];
}

/**
 * Total blocking time as Lighthouse counts it, from FCP to `end`: each long task's part
 * after FCP (and before `end`) beyond 50 ms.
 */
export function totalBlockingTime(
  tasks: readonly { start: number; duration: number }[],
  fcp: number,
  end: number,
): number {
  let total = 0;
  for (const task of tasks) {
    const duration = Math.min(task.start + task.duration, end) - Math.max(task.start, fcp);
    if (duration > 50) total += duration - 50;
  }
  return total;
}

/**
 * One load of `url` in a fresh mobile context; requests off loopback are blocked (the
 * closed network) and noted. Waits after the load event until the page is quiet: no long
 * task and no request in flight for QUIET_WINDOW_MS (at most QUIET_CAP_MS).
 */
async function hostRun(
  browser: Browser,
  url: string,
  requests: Map<string, Record<string, number>>,
  label: (url: string) => string,
): Promise<HostRun> {
  const { context, page } = await mobilePage(browser);
  try {
    // Every request passes the route (so each variant pays the same interception), and
    // only those off loopback are stopped, as the closed network would.
    const note = (url: string, outcome: string) => {
      const name = label(url);
      const outcomes = requests.get(name) ?? {};
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      requests.set(name, outcomes);
    };
    const blocked = new Set<Request>();
    const failed: string[] = [];
    await context.route("**/*", async (route) => {
      const target = new URL(route.request().url());
      if (target.hostname === "127.0.0.1") {
        await route.continue();
        return;
      }
      blocked.add(route.request());
      note(target.href, "blocked");
      await route.abort("internetdisconnected");
    });
    let inFlight = 0;
    let lastNetwork = Date.now();
    page.on("request", () => {
      inFlight += 1;
      lastNetwork = Date.now();
    });
    const settled = (request: Request, outcome: string) => {
      inFlight -= 1;
      lastNetwork = Date.now();
      if (blocked.has(request)) return;
      note(request.url(), outcome);
      if (outcome !== "loaded") failed.push(`${label(request.url())} ${outcome}`);
    };
    page.on("requestfinished", (request) => settled(request, "loaded"));
    page.on("requestfailed", (request) =>
      settled(request, `failed (${request.failure()?.errorText ?? "unknown"})`),
    );
    await page.addInitScript(WATCH_LONG_TASKS);
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    const timing = await waitForQuiet(page, () => ({ inFlight, lastNetwork }));
    if (timing.fcp === null) throw new Error(`no first-contentful-paint on ${url}`);
    return {
      failed,
      fcpMs: Math.round(timing.fcp),
      loadMs: Math.round(timing.load),
      tbtMs: Math.round(totalBlockingTime(timing.longTasks, timing.fcp, timing.now)),
      longTasks: timing.longTasks.length,
      quietMs: Math.round(timing.now),
      transferredBytes: timing.transferred,
    };
  } finally {
    await context.close();
  }
}

async function waitForQuiet(
  page: Page,
  network: () => { inFlight: number; lastNetwork: number },
): Promise<HostTiming> {
  const loadedAt = Date.now();
  for (;;) {
    await sleep(250);
    const timing = (await page.evaluate(HOST_TIMING)) as HostTiming;
    const lastTaskEnd = Math.max(0, ...timing.longTasks.map((t) => t.start + t.duration));
    const { inFlight, lastNetwork } = network();
    const quiet =
      inFlight <= 0 &&
      Date.now() - lastNetwork >= QUIET_WINDOW_MS &&
      Date.now() - loadedAt >= QUIET_WINDOW_MS &&
      timing.now - lastTaskEnd >= QUIET_WINDOW_MS;
    if (quiet || Date.now() - loadedAt >= QUIET_CAP_MS) return timing;
  }
}

export async function measureHostPage(options: {
  /** The product's origin and the popup snippet it generated (`productPopupSnippet`). */
  product: { base: string; snippet: string };
  runs: number;
  executablePath: string;
}): Promise<HostPageResults> {
  const loadBefore = os.loadavg()[0] ?? 0;
  const host = await startStaticServer({});
  const css = readFileSync(at("node_modules/@typeform/embed/build/css/popup.css"));
  const all = variants(options.product);
  const files = Object.fromEntries([
    ...all.map((variant) => [
      `/${variant.key}.html`,
      { body: variant.html, type: "text/html; charset=utf-8" },
    ]),
    [
      "/vendor/typeform/embed.js",
      { body: typeformScript(`${host.base}/vendor/typeform/css/`), type: "text/javascript" },
    ],
    ["/vendor/typeform/css/popup.css", { body: css, type: "text/css" }],
    [
      "/vendor/formbricks/index.js",
      {
        body: readFileSync(at("node_modules/@formbricks/js/dist/index.js")),
        type: "text/javascript",
      },
    ],
  ]);
  host.serve(files);
  const label = (url: string) =>
    url.startsWith(host.base)
      ? `host ${url.slice(host.base.length)}`
      : url.startsWith(options.product.base)
        ? `product ${url.slice(options.product.base.length)}`
        : url;
  const browser = await launchChromium(options.executablePath);
  const runs: HostRun[][] = all.map(() => []);
  const retries = all.map(() => 0);
  const requests = all.map(() => new Map<string, Record<string, number>>());
  try {
    // Interleaved, the first variant of each round moving on by one: no variant always
    // goes first, and a change of the machine's load falls on all of them.
    for (let round = 0; round < options.runs; round += 1) {
      for (let step = 0; step < all.length; step += 1) {
        const index = (round + step) % all.length;
        const variant = all[index];
        const seen = requests[index];
        if (!variant || !seen) continue;
        // A load in which one of the page's own files failed did not measure the variant
        // (e.g. `/embed.js` not loaded): it is done again, at most twice, and counted.
        let run = await hostRun(browser, `${host.base}/${variant.key}.html`, seen, label);
        for (let retry = 0; run.failed.length > 0 && retry < 2; retry += 1) {
          log(`host page ${variant.key}: ${run.failed.join(", ")}; loading it again`);
          retries[index] = (retries[index] ?? 0) + 1;
          run = await hostRun(browser, `${host.base}/${variant.key}.html`, seen, label);
        }
        if (run.failed.length > 0) {
          throw new Error(`host page ${variant.key}: ${run.failed.join(", ")} three times`);
        }
        runs[index]?.push(run);
        log(
          `host page ${round + 1}/${options.runs}, ${variant.key}: load ${run.loadMs} ms, ` +
            `TBT ${run.tbtMs} ms (${run.longTasks} long tasks), FCP ${run.fcpMs} ms`,
        );
      }
    }
    return {
      runs: options.runs,
      chromium: browser.version(),
      loadAverage: [loadBefore, os.loadavg()[0] ?? 0],
      quietWindowMs: QUIET_WINDOW_MS,
      variants: all.map((variant, index) => {
        const own = runs[index] ?? [];
        return {
          key: variant.key,
          name: variant.name,
          runs: own,
          medianLoadMs: median(own.map((run) => run.loadMs)),
          medianTbtMs: median(own.map((run) => run.tbtMs)),
          medianFcpMs: median(own.map((run) => run.fcpMs)),
          medianTransferredBytes: median(own.map((run) => run.transferredBytes)),
          retried: retries[index] ?? 0,
          requests: [...(requests[index] ?? new Map()).entries()].map(([url, outcomes]) => ({
            url,
            outcomes,
          })),
        };
      }),
    };
  } finally {
    await browser.close();
    await host.close();
  }
}

/** The host page section of the report. */
export function renderHostPage(h: HostPageResults): string[] {
  const bare = h.variants.find((variant) => variant.key === "bare");
  const n = MOBILE_PROFILE.network;
  const lines = [
    "## Host page cost of the embed",
    "",
    `Chromium ${h.chromium}, the mobile profile of the FCP part (CPU ${MOBILE_PROFILE.cpuSlowdown}× slower, ` +
      `${n.latencyMs} ms latency, ${(n.downloadBitsPerSecond / 1024 / 1024).toFixed(1)} Mbit/s down), ` +
      `a fresh context per load, ${h.runs} loads of each variant interleaved. A plain host page ` +
      "(text in a grid, a button, no image) served by the bench on loopback; the embed's " +
      "product on another port. Load: the load event's end. Total blocking time: each long " +
      "task's time over 50 ms after FCP until the page is quiet (no long task and no request " +
      `for ${h.quietWindowMs} ms). Requests off loopback are blocked (the closed network). ` +
      `Aim (issue 15): ours ≤ ${TARGETS.hostPageLoad.limit}× the bare page in both. ` +
      `1-minute load average ${h.loadAverage[0].toFixed(2)} before, ${h.loadAverage[1].toFixed(2)} after.`,
    "",
    "| host page | load ms (median) | ÷ bare | TBT ms (median) | ÷ bare | FCP ms | bytes | loads: load / TBT ms |",
    "|---|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const v of h.variants) {
    const load = bare ? ratioText(costRatio(v.medianLoadMs, bare.medianLoadMs)) : "—";
    const tbt = bare ? ratioText(costRatio(v.medianTbtMs, bare.medianTbtMs)) : "—";
    lines.push(
      `| ${v.name} | ${v.medianLoadMs} | ${load} | ${v.medianTbtMs} | ${tbt} | ${v.medianFcpMs} | ` +
        `${v.medianTransferredBytes.toLocaleString("en-US")} | ` +
        `${v.runs.map((run) => `${run.loadMs} / ${run.tbtMs}`).join(", ")} |`,
    );
  }
  const inline = h.variants.find((variant) => variant.key === "inline");
  const ours = h.variants.find((variant) => variant.key === "leadquiz");
  if (inline && ours) {
    lines.push(
      "",
      "Information, not a target. With a classic inline script after the content, any " +
        "script, Chromium has drawn the page's first frame before the load event (load ≈ " +
        "FCP); without one it drew it after (FCP later than load), so the load event of a page " +
        'with a snippet also holds that frame\'s work (bench/README.md "Host page cost"). ' +
        `The page with a one-statement script: ` +
        `${ratioText(costRatio(inline.medianLoadMs, bare?.medianLoadMs ?? 0))} the bare page's load; ` +
        `ours ÷ it: ${ratioText(costRatio(ours.medianLoadMs, inline.medianLoadMs))}.`,
    );
  }
  lines.push("", "What each variant requested (over all its loads):", "");
  for (const v of h.variants) {
    const list = v.requests
      .map(
        (r) =>
          `\`${r.url}\` ${Object.entries(r.outcomes)
            .map(([outcome, count]) => `${outcome} ×${count}`)
            .join(", ")}`,
      )
      .join("; ");
    const retried = v.retried > 0 ? ` (${v.retried} loads done again after a failed request)` : "";
    lines.push(`- ${v.name}: ${list || "—"}${retried}`);
  }
  lines.push("");
  return lines;
}
