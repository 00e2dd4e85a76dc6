import { type AnalyticsBenchResults, renderAnalytics } from "./analytics";
import type { CpuPerRequest } from "./cpu";
import { type DeliveryBenchResults, type FixedRateRun, renderSlowTarget } from "./delivery";
import { type DrainBenchResults, renderDrain } from "./drain";
import { type EditorSpeedResult, LINE } from "./editor-speed";
import type { PaintResult } from "./fcp";
import { MOBILE_PROFILE } from "./fcp";
import { type HostPageResults, renderHostPage } from "./host-page";
import { type LeadInboxResults, renderLeadInbox } from "./lead-inbox";
import type { LoadResult, LoadSettings } from "./load";
import type { OwnerAppSizes } from "./owner-app-sizes";
import type { PreviewLatencyResult } from "./preview-latency";
import { type QuizReadResults, renderQuizRead } from "./quiz-read";
import type { RuntimeSizes, ServedFile, Size } from "./sizes";
import { costRatio, ratioText, renderSummary, summaryRows, TARGETS } from "./summary";

export interface BenchResults {
  startedAt: string;
  finishedAt?: string;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGb: number;
    node: string;
    postgres?: string | undefined;
    commit?: string | undefined;
    /** os.loadavg() (1, 5, 15 minutes) when the run started: other work skews the numbers. */
    loadAverage: number[];
  };
  sizes?: {
    embed: ServedFile;
    embedUi: ServedFile;
    runtime: RuntimeSizes;
  };
  page?: { url: string; html: ServedFile };
  ownerApp?: OwnerAppSizes;
  firstPaint?: PaintResult;
  /**
   * An empty page's FCP under the same profile, its runs interleaved with those of
   * `firstPaint`: the floor issue 15 compares `/q/{key}` with (static-server.ts EMPTY_PAGE).
   */
  emptyPaint?: PaintResult;
  /**
   * The same empty page sent with `/q/{key}`'s security headers (static-server.ts
   * navigationHeaders), its runs interleaved with the two above: how much of the gap to the
   * floor those headers make (a Cross-Origin-Opener-Policy moves a fresh tab's first
   * navigation to a new browsing context group). Information; the target is on `emptyPaint`.
   */
  emptyWithHeadersPaint?: PaintResult;
  /** The owner app's login page `/login` (issue 15: FCP at most 1.5 s). */
  loginPaint?: PaintResult;
  preview?: PreviewLatencyResult;
  editor?: EditorSpeedResult;
  quizRead?: QuizReadResults;
  leads?: {
    settings: LoadSettings;
    /** The 1-minute load average just before the load test. */
    loadAverageBefore: number;
    ours: LoadResult;
    ceiling: LoadResult;
    /** ours ÷ ceiling of requests per second. */
    ratio: number;
    /** CPU per request over the measured runs (bench/cpu.ts); absent where /proc was unreadable. */
    cpu?: { ours: CpuPerRequest; ceiling: CpuPerRequest };
    storedOurs: number;
    storedCeiling: number;
    /**
     * Issue 15: a second pass of ours at half the maximum rate just measured (evenly spaced,
     * bench/open-loop.ts), for its p99; `rate` is the leads per second asked for.
     */
    halfRate?: FixedRateRun & { rate: number };
    /**
     * The ceiling at the same rate as `halfRate`, the same way: the p99 of a bare INSERT and
     * COMMIT at that rate on this machine, the floor the p99 above is shown beside.
     */
    ceilingHalfRate?: FixedRateRun & { rate: number };
  };
  /** Host page cost of the embeds (issue 15): load and TBT with and without them. */
  hostPage?: HostPageResults;
  leadInbox?: LeadInboxResults;
  analytics?: AnalyticsBenchResults;
  delivery?: DeliveryBenchResults;
  /** Issue 39: a backlog of leads delivered to a webhook that came back, beside the floor. */
  drain?: DrainBenchResults;
  /** Parts that failed, with why (the run exits non-zero when any did). */
  failures: { part: string; reason: string }[];
  /** How long each part took (seconds), in the order they ran. */
  partSeconds?: { part: string; seconds: number }[];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const bytes = (n: number) => n.toLocaleString("en-US");
const sizeCells = (size: Size) =>
  `${bytes(size.raw)} | ${bytes(size.gzip)} (${kb(size.gzip)}) | ${bytes(size.brotli)}`;
const wire = (file: ServedFile) =>
  `${file.servedBrotli === null ? "—" : bytes(file.servedBrotli)} / ${
    file.servedGzip === null ? "—" : bytes(file.servedGzip)
  }`;
const within = (value: number, budget: number) =>
  value <= budget ? `within (${kb(budget)})` : `**over** (${kb(budget)})`;

export function renderReport(r: BenchResults): string {
  const lines: string[] = [];
  const add = (...more: string[]) => lines.push(...more);
  add(
    "# Leadquiz benchmarks",
    "",
    `Run ${r.startedAt}${r.finishedAt ? ` – ${r.finishedAt}` : ""}` +
      `${r.machine.commit ? `, commit ${r.machine.commit}` : ""}.`,
    `Machine: ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGb} GB, Node ${r.machine.node}` +
      `${r.machine.postgres ? `, ${r.machine.postgres}` : ""}; load average at the start ` +
      `${r.machine.loadAverage.map((n) => n.toFixed(2)).join(" / ")} (1 / 5 / 15 min).`,
    "",
    ...renderSummary(summaryRows(r)),
  );
  if (r.partSeconds && r.partSeconds.length > 0) {
    const total = r.partSeconds.reduce((sum, p) => sum + p.seconds, 0);
    add(
      `Time per part (${Math.round(total)} s in all, builds and the server's start aside): ` +
        `${r.partSeconds.map((p) => `${p.part} ${Math.round(p.seconds)} s`).join(", ")}.`,
      "",
    );
  }
  if (r.failures.length > 0) {
    add("## Failed parts", "");
    for (const failure of r.failures) add(`- **${failure.part}**: ${failure.reason}`);
    add("");
  }

  if (r.sizes) {
    const { embed, embedUi, runtime } = r.sizes;
    add(
      "## Sizes (bytes)",
      "",
      "`gzip -9` and brotli (quality 11) of each file as built; “served” is what the server " +
        "itself sends with `Accept-Encoding: br` / `gzip`.",
      "",
      "| file | raw | gzip -9 | brotli | served br / gzip | budget |",
      "|---|---:|---:|---:|---:|---|",
      `| \`/embed.js\` (loader) | ${sizeCells(embed)} | ${wire(embed)} | ${within(embed.gzip, TARGETS.embedLoader.limit)} |`,
      `| \`/embed-ui.js\` (display modes, on demand) | ${sizeCells(embedUi)} | ${wire(embedUi)} | |`,
    );
    if (r.page) {
      add(`| hosted page HTML \`/q/{key}\` | ${sizeCells(r.page.html)} | ${wire(r.page.html)} | |`);
    }
    add(
      `| runtime CSS (\`${runtime.css.file}\`, inlined in the page) | ${sizeCells(runtime.css)} | | |`,
      "",
      "### Runtime JavaScript of the typical quiz",
      "",
      "| file | loads | raw | gzip -9 | brotli |",
      "|---|---|---:|---:|---:|",
    );
    for (const file of runtime.typical) {
      add(`| \`${file.file}\` | ${file.role} | ${sizeCells(file)} |`);
    }
    add(
      `| **total** | everything above | ${sizeCells(runtime.typicalTotal)} |`,
      `| total without the language chunk | hosted page / embed frame (texts inlined) | ${sizeCells(runtime.hostedTotal)} |`,
    );
    if (runtime.analytics) {
      add(
        `| \`${runtime.analytics.file}\` | ${runtime.analytics.role} | ${sizeCells(runtime.analytics)} |`,
      );
    }
    add(
      "",
      `Budget: the runtime JavaScript of a typical quiz at most ${kb(TARGETS.runtimeTotalIssue4.limit)} gzipped: ` +
        `${kb(runtime.typicalTotal.gzip)}, ${within(runtime.typicalTotal.gzip, TARGETS.runtimeTotalIssue4.limit)}.`,
      "",
    );
  }

  if (r.ownerApp) {
    const o = r.ownerApp;
    add(
      "## Owner app JavaScript (apps/web)",
      "",
      "From the build's manifest: the initial load is the entry with its static imports; each " +
        "route adds its lazy chunk and the shared chunks it imports that the entry did not load.",
      "",
      "| what | raw | gzip -9 | brotli |",
      "|---|---:|---:|---:|",
      `| **initial JavaScript** (${o.initialFiles.map((f) => `\`${f}\``).join(", ")}) | ${sizeCells(o.initialJs)} |`,
      `| initial CSS | ${sizeCells(o.initialCss)} |`,
    );
    for (const route of o.routes) {
      add(
        `| route chunk \`${route.module}\` (${route.files.length} files) | ${sizeCells(route)} |`,
      );
    }
    add(
      "",
      `Aim: the initial JavaScript at most ${kb(TARGETS.ownerEntry.limit)} gzipped: ` +
        `${kb(o.initialJs.gzip)}, ${within(o.initialJs.gzip, TARGETS.ownerEntry.limit)}.`,
      "",
    );
  }

  if (r.firstPaint) {
    add(...renderPaint("the hosted quiz `/q/{key}`", r.firstPaint));
  }
  if (r.emptyPaint) {
    add(
      ...renderPaint("an empty page (the floor of `/q/{key}`)", r.emptyPaint),
      "A minimal HTML document with one line of text (“Empty page”), no script, style sheet " +
        "or image, served uncompressed by a bare `node:http` server on this machine; its runs " +
        "alternate with those of `/q/{key}` in the same browser (A B, B A, …).",
      "",
    );
  }
  if (r.emptyWithHeadersPaint) {
    const h = r.emptyWithHeadersPaint;
    const ratio = (p: PaintResult | undefined, q: PaintResult | undefined) =>
      p && q ? ratioText(costRatio(p.medianFcpMs, q.medianFcpMs)) : "not measured";
    add(
      ...renderPaint("the empty page with `/q/{key}`'s response headers", h),
      "The same document, sent with the security headers of `/q/{key}` (its CSP, " +
        "Cross-Origin-Opener-Policy, Cross-Origin-Resource-Policy, Origin-Agent-Cluster …; " +
        "not its content headers), in the same rounds. Information, not a target: it tells " +
        "what those headers cost the navigation from what the page costs. " +
        `This ÷ the plain empty page: ${ratio(h, r.emptyPaint)}; ` +
        `\`/q/{key}\` ÷ this: ${ratio(r.firstPaint, h)}.`,
      "",
    );
  }
  if (r.loginPaint) {
    add(...renderPaint("the owner app's login page `/login`", r.loginPaint));
  }

  if (r.preview) {
    const p = r.preview;
    add(
      "## Editor preview: a draft change until the preview shows it",
      "",
      `Chromium ${p.chromium}, 1280×800, no throttling. Each run changes the start page title ` +
        "through the API, then the editor re-reads the quiz (as after each of its own writes); " +
        "the run ends when the preview frame shows the new title (docs/editor.md " +
        `"Preview, publishing, history"). Aim: under ${TARGETS.previewLatency.limit} ms.`,
      "",
      `**Median: ${p.medianMs} ms** (runs: ${p.runsMs.join(", ")} ms). Opening the editor until ` +
        `the preview first shows the quiz: ${p.firstShowMs} ms.`,
      "",
    );
  }

  if (r.editor) {
    const e = r.editor;
    add(
      "## Quiz editor: opening a 50-question quiz, and a keystroke until the preview shows it",
      "",
      `Chromium ${e.chromium}, 1280×800, a quiz of ${e.questions} questions made through the API ` +
        `(docs/editor.md "Testing and figures"). Opening: CPU ${e.cpuSlowdown}× slower, a fresh ` +
        "browser context per run; the list is rendered when the last question's card is in the " +
        "document, interactive when question 1's title (its card opened) has taken a typed key; " +
        `both from the navigation's start. Aim: interactive within ${TARGETS.editorInteractive.limit / 1000} s.`,
      "",
      `**Median interactive: ${e.medianInteractiveMs} ms** (runs: ${e.interactiveMs.join(", ")} ms); ` +
        `list rendered: median ${e.medianListRenderedMs} ms (runs: ${e.listRenderedMs.join(", ")} ms), ` +
        `${e.medianInteractiveMs <= TARGETS.editorInteractive.limit ? "within" : "**over**"} the aim.`,
      "",
      `Until interactive the page asked for ${e.apiRequests.join(", ")} API requests and ` +
        `${e.scripts.join(", ")} script files (per run); the machine's load average was ` +
        `${e.loadAverage.join(", ")} (the times grow with it; the counts do not).`,
      "",
      `Over an owner's line (${LINE.latencyMs} ms more per round trip, ` +
        `${LINE.downloadBitsPerSecond / 1_000_000} Mbit/s, the same CPU slowdown): what waits ` +
        "on the network, not only on the CPU. " +
        `Median interactive ${e.medianLineInteractiveMs} ms (runs: ${e.lineInteractiveMs.join(", ")} ms).`,
      "",
      "Keystroke to preview (no slowdown): the last key of a new title typed into question 1 " +
        "until the preview frame shows the title; it includes the editor's 120 ms pause before " +
        "a text is written, the write, the draft re-read and the runtime's render.",
      "",
      `**Median: ${e.medianKeystrokeToPreviewMs} ms** (runs: ${e.keystrokeToPreviewMs.join(", ")} ms).`,
      "",
    );
  }

  if (r.leads) {
    const { ours, ceiling, settings } = r.leads;
    add(
      "## Lead submissions against PostgreSQL",
      "",
      `autocannon, ${settings.connections} connections, ${settings.durationSeconds} s measured ` +
        `after a ${settings.warmupSeconds} s warm-up; every request a new lead (fresh submission_id). ` +
        "Ours: `POST /api/v1/public/quiz/{key}/lead/` of the built server (validation against the " +
        "snapshot, results recomputed by the engine, stored before 201; visitor rate limits off " +
        "with RATE_LIMIT_ENABLED=false). Ceiling: bench/ceiling-server.ts, a bare Fastify route " +
        "doing one INSERT with node-postgres into a table shaped like `leads`. Both servers, " +
        `PostgreSQL and autocannon share the ${r.machine.cpus} cores; 1-minute load average ` +
        `before the test: ${r.leads.loadAverageBefore.toFixed(2)}.`,
      "",
      "| server | req/s | p50 ms | p90 ms | p99 ms | mean ms | max ms | 2xx | non-2xx | errors |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    );
    for (const [name, load] of [
      ["Leadquiz lead API", ours],
      ["ceiling (bare INSERT)", ceiling],
    ] as const) {
      add(
        `| ${name} | ${load.requestsPerSecond.toFixed(0)} | ${load.latencyMs.p50} | ${load.latencyMs.p90} | ` +
          `${load.latencyMs.p99} | ${load.latencyMs.mean.toFixed(1)} | ${load.latencyMs.max} | ` +
          `${bytes(load.ok)} | ${bytes(load.non2xx)} | ${bytes(load.errors)} |`,
      );
    }
    const half = r.leads.halfRate;
    const ceilingHalf = r.leads.ceilingHalfRate;
    for (const [name, run] of [
      ["Leadquiz lead API", half],
      ["ceiling (bare INSERT)", ceilingHalf],
    ] as const) {
      if (!run) continue;
      add(
        `| ${name} at ${run.rate}/s (ours' half maximum) | ${run.requestsPerSecond.toFixed(0)} | ` +
          `${run.latencyMs.p50} | ${run.latencyMs.p90} | ${run.latencyMs.p99} | — | ${run.latencyMs.max} | ` +
          `${bytes(run.ok)} | ${bytes(run.non2xx)} | ${bytes(run.errors)} |`,
      );
    }
    add(
      "",
      `**Ratio ours / ceiling: ${(r.leads.ratio * 100).toFixed(0)} %** of the requests per second.`,
      "",
      ...(half
        ? [
            `At half the maximum rate (${half.rate} leads/s asked, evenly spaced, open loop: each ` +
              `request's latency counted from when it was due, bench/open-loop.ts; ` +
              `same connections and durations, right after the maximum; 1-minute load average ` +
              `${half.loadAverageBefore.toFixed(2)} before): **p99 ${half.latencyMs.p99} ms** ` +
              `(aim ≤ ${TARGETS.leadP99HalfRate.limit} ms, issue 15).` +
              (ceilingHalf
                ? ` The ceiling at the same rate, the same way (after its own maximum; load ` +
                  `average ${ceilingHalf.loadAverageBefore.toFixed(2)} before): p99 ` +
                  `${ceilingHalf.latencyMs.p99} ms, what this machine takes to store and commit ` +
                  `a bare INSERT at that rate.`
                : ""),
            "",
          ]
        : []),
      ...(r.leads.cpu ? leadCpuLines(r.leads.cpu) : []),
      `Rows stored: ours ${bytes(r.leads.storedOurs)} for ${bytes(ours.okIncludingWarmup)} answers 201 ` +
        `(warm-up included); ceiling ${bytes(r.leads.storedCeiling)} for ${bytes(ceiling.okIncludingWarmup)}.`,
      "",
    );
    for (const [name, load] of [
      ["ours", ours],
      ["ceiling", ceiling],
    ] as const) {
      if (Object.keys(load.failures).length > 0) {
        add(`Non-2xx answers (${name}): ${JSON.stringify(load.failures)}`, "");
      }
    }
  }
  if (r.hostPage) add(...renderHostPage(r.hostPage));
  if (r.quizRead) add(...renderQuizRead(r.quizRead));
  if (r.leadInbox) add(...renderLeadInbox(r.leadInbox, r.machine.cpus));
  if (r.analytics) add(...renderAnalytics(r.analytics, r.machine.cpus));
  if (r.delivery) add(...renderSlowTarget(r.delivery));
  if (r.drain) add(...renderDrain(r.drain));
  return `${lines.join("\n")}\n`;
}

/** A first-contentful-paint section: the profile, the medians and every run. */
function renderPaint(what: string, p: PaintResult): string[] {
  const n = MOBILE_PROFILE.network;
  const lines = [
    `## First contentful paint of ${what}`,
    "",
    `Chromium ${p.chromium}, ${MOBILE_PROFILE.viewport.width}×${MOBILE_PROFILE.viewport.height} ` +
      `at DPR ${MOBILE_PROFILE.deviceScaleFactor}, mobile UA and touch, CPU ${MOBILE_PROFILE.cpuSlowdown}× slower, ` +
      `network ${n.latencyMs} ms latency, ${(n.downloadBitsPerSecond / 1024 / 1024).toFixed(1)} Mbit/s down, ` +
      `${(n.uploadBitsPerSecond / 1024).toFixed(0)} kbit/s up; a fresh browser context per run.`,
    "",
    `**Median FCP: ${p.medianFcpMs} ms** (median load event ${p.medianLoadMs} ms` +
      `${p.ready ? `; median ${p.medianReadyMs} ms until \`${p.ready}\` is drawn` : ""}).`,
    "",
    "“Document” is the document's first and last byte (navigation timing's `responseStart` and " +
      "`responseEnd`): before the last byte are the server and the line; after it until FCP, the " +
      "fresh renderer's start and the page's own parsing, style, layout and paint (an empty page's " +
      "share of that is the floor).",
    "",
    `| run | FCP ms | document ms | DOMContentLoaded ms | load ms | ${p.ready ? "ready ms | " : ""}transferred bytes | scripts |`,
    `|---:|---:|---:|---:|---:|${p.ready ? "---:|" : ""}---:|---|`,
  ];
  p.runs.forEach((run, index) => {
    lines.push(
      `| ${index + 1} | ${run.fcpMs} | ${run.responseStartMs}–${run.responseEndMs} | ` +
        `${run.domContentLoadedMs} | ${run.loadMs} | ` +
        `${p.ready ? `${run.readyMs ?? ""} | ` : ""}` +
        `${bytes(run.transferredBytes)} | ${run.scripts.map((s) => `\`${s}\``).join(", ")} |`,
    );
  });
  lines.push("");
  return lines;
}

/** The leads part's CPU per lead (bench/cpu.ts), ours beside the ceiling's. */
function leadCpuLines(cpu: { ours: CpuPerRequest; ceiling: CpuPerRequest }): string[] {
  const row = (name: string, c: CpuPerRequest) =>
    `| ${name} | ${c.serverUs} | ${c.postgresUs} | ${c.totalUs} |`;
  const ratio = cpu.ceiling.totalUs / cpu.ours.totalUs;
  return [
    "CPU per lead over the measured runs, from /proc: the server process, and PostgreSQL's " +
      "backends of the bench database with its WAL writer, background writer and " +
      "checkpointer (bench/cpu.ts). Less sensitive to other work on the machine than req/s.",
    "",
    "| server | server µs | PostgreSQL µs | together µs |",
    "|---|---:|---:|---:|",
    row("Leadquiz lead API", cpu.ours),
    row("ceiling (bare INSERT)", cpu.ceiling),
    "",
    `CPU ratio ceiling ÷ ours: **${ratio.toFixed(2)}×** (what the req/s ratio would be if the ` +
      "two cores did nothing else).",
    "",
  ];
}
