import { ratioInterval } from "./interval";
import type { BenchResults } from "./report";

/**
 * The summary at the top of the bench report (issue 15 "How"): every measured figure of
 * the parts that ran, beside the limit or peer it is compared with, the ratio, the target
 * and whether the target is met. Only types and interval.ts are imported: the unit test
 * needs no browser, database or server.
 */

/** What a figure counts; limits, figures and references are shown in it. */
export type Unit = "bytes" | "ms" | "req/s" | "rows/s" | "events/s" | "MB";

export interface Target {
  /** Where the target is set: an issue number, or the doc that states the aim. */
  source: string;
  unit: Unit;
  /** Compared with the limit: the figure itself, or the figure ÷ its reference. */
  of: "value" | "ratio";
  op: "≤" | "<" | "≥";
  limit: number;
  /** A stricter aim the issue names besides the target. */
  stretch?: number;
}

const KB = 1024;

/**
 * Every target the bench checks, in one place. Sizes are gzip -9 bytes (KB = 1,024 B).
 * The section renderers (report.ts and the parts' own) read their aims from here too.
 */
export const TARGETS = {
  /** Issue 15: lead submission ≥ 0.6× the bare Fastify + INSERT ceiling, same run. */
  leadSubmissions: { source: "#15", unit: "req/s", of: "ratio", op: "≥", limit: 0.6 },
  /** Issue 15: lead submission p99 ≤ 10 ms at half the maximum rate. */
  leadP99HalfRate: { source: "#15", unit: "ms", of: "value", op: "≤", limit: 10 },
  /** Issue 15: `GET public/quiz/{key}/` and `/q/{key}` on a cache hit ≥ 0.7× a constant body. */
  quizRead: { source: "#15", unit: "req/s", of: "ratio", op: "≥", limit: 0.7 },
  /** Issue 15: initial JavaScript of the visitor runtime ≤ 15 KB (stretch 12 KB). */
  runtimeInitial: {
    source: "#15",
    unit: "bytes",
    of: "value",
    op: "≤",
    limit: 15 * KB,
    stretch: 12 * KB,
  },
  /** Issue 15: the typical quiz's runtime JavaScript ≤ 30 KB in all. */
  runtimeTotal: { source: "#15", unit: "bytes", of: "value", op: "≤", limit: 30 * KB },
  /** Issue 4's earlier budget of the same total, still checked in the sizes section. */
  runtimeTotalIssue4: { source: "#4", unit: "bytes", of: "value", op: "≤", limit: 40 * KB },
  /** Issue 15: `/embed.js` ≤ 2.0 KB (stretch 1.5 KB); issue 4 had 3 KB. */
  embedLoader: {
    source: "#15",
    unit: "bytes",
    of: "value",
    op: "≤",
    limit: 2 * KB,
    stretch: 1.5 * KB,
  },
  /** Issue 15: FCP of `/q/{key}` within 10 % of an empty page's, same run and profile. */
  quizFirstPaint: { source: "#15", unit: "ms", of: "ratio", op: "≤", limit: 1.1 },
  /** Issue 15: the login page's FCP under the mobile profile ≤ 1.5 s. */
  loginFirstPaint: { source: "#15", unit: "ms", of: "value", op: "≤", limit: 1500 },
  /** Issues 9 and 15: the owner app's entry JavaScript ≤ 200 KB. */
  ownerEntry: { source: "#15, #9", unit: "bytes", of: "value", op: "≤", limit: 200 * KB },
  /** Issue 9: opening the editor of a 50-question quiz, interactive ≤ 1.5 s (median). */
  editorInteractive: { source: "#9", unit: "ms", of: "value", op: "≤", limit: 1500 },
  /** Issue 9 (docs/editor.md): a draft change shows in the preview in under 300 ms. */
  previewLatency: { source: "#9", unit: "ms", of: "value", op: "<", limit: 300 },
  /** Issue 9 (docs/editor.md): a keystroke shows in the preview in under 300 ms. */
  keystrokeToPreview: { source: "#9", unit: "ms", of: "value", op: "<", limit: 300 },
  /** Issue 10: a page of 50 leads, p99 in the server ≤ 10 ms at each size. */
  leadsPageServerP99: { source: "#10", unit: "ms", of: "value", op: "≤", limit: 10 },
  /** Issue 10: that p99 at the largest size ≤ 1.2× the smallest size's. */
  leadsPageGrowth: { source: "#10", unit: "ms", of: "ratio", op: "≤", limit: 1.2 },
  /** Issue 10: search by e-mail or phone fragment ≤ 50 ms (client p99). */
  leadsSearchP99: { source: "#10", unit: "ms", of: "value", op: "≤", limit: 50 },
  /** Issue 10: CSV export ≥ 300,000 rows/s (median of the warm runs). */
  csvExport: { source: "#10", unit: "rows/s", of: "value", op: "≥", limit: 300_000 },
  /** Issue 10: export memory flat, taken as the server's peak RSS − RSS before ≤ 64 MB. */
  exportMemory: { source: "#10", unit: "MB", of: "value", op: "≤", limit: 64 },
  /** docs/analytics.md: the 30-day quiz report p95 ≤ 50 ms. */
  analyticsQuizP95: { source: "analytics", unit: "ms", of: "value", op: "≤", limit: 50 },
  /** docs/analytics.md: the 30-day project report (10 quizzes) p95 ≤ 150 ms. */
  analyticsProjectP95: { source: "analytics", unit: "ms", of: "value", op: "≤", limit: 150 },
  /** docs/analytics.md: event ingest ≥ 5,000 events/s. */
  eventIngest: { source: "analytics", unit: "events/s", of: "value", op: "≥", limit: 5000 },
  /** Issue 15: a host page's load event with our popup embed ≤ 1.05× without it. */
  hostPageLoad: { source: "#15", unit: "ms", of: "ratio", op: "≤", limit: 1.05 },
  /** Issue 15: a host page's total blocking time with our popup embed ≤ 1.05× without it. */
  hostPageTbt: { source: "#15", unit: "ms", of: "ratio", op: "≤", limit: 1.05 },
  /** Issue 11: the lead API's p99 with a slow delivery target ≤ 1.1× without. */
  slowTargetP99: { source: "#11", unit: "ms", of: "ratio", op: "≤", limit: 1.1 },
  /** Issue 39: a webhook that was down gets a backlog of 10,000 leads within 30 s. */
  deliveryDrain: { source: "#39", unit: "ms", of: "value", op: "≤", limit: 30_000 },
} as const satisfies Record<string, Target>;

export type Verdict =
  | "pass"
  | "pass, stretch too"
  | "not met"
  | "no floor measured"
  | "not measured";

export interface SummaryRow {
  figure: string;
  /** Our figure; null when the part ran but could not give it. */
  ours: number | null;
  /** The limit or peer measured beside it (value null: not measured). */
  reference?: { name: string; value: number | null };
  /** ours ÷ reference, when both are there. */
  ratio?: number;
  /**
   * Where both were loaded in the same interleaved rounds: the ratio's 95 % bootstrap
   * interval over those rounds (interval.ts). Information; the verdict is on `ratio`.
   */
  interval?: [number, number];
  target: Target;
  verdict: Verdict;
}

/**
 * ours ÷ reference, where a reference of 0 (a bare page without any long task) gives 1
 * for 0 (nothing added to nothing) and ∞ for anything more.
 */
export function costRatio(value: number, reference: number): number {
  if (reference > 0) return value / reference;
  return value > 0 ? Number.POSITIVE_INFINITY : 1;
}

/** A ratio as the report writes it: two decimals and ×, or ∞. */
export function ratioText(ratio: number): string {
  return Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : "∞";
}

/** Whether `value` meets `op limit`. */
function meets(op: Target["op"], value: number, limit: number): boolean {
  if (op === "≤") return value <= limit;
  if (op === "<") return value < limit;
  return value >= limit;
}

/** A row with its ratio and verdict worked out. */
export function judge(
  figure: string,
  target: Target,
  ours: number | null,
  reference?: { name: string; value: number | null },
): SummaryRow {
  const row = (verdict: Verdict, ratio?: number): SummaryRow => ({
    figure,
    ours,
    ...(reference ? { reference } : {}),
    ...(ratio === undefined ? {} : { ratio }),
    target,
    verdict,
  });
  if (ours === null || !Number.isFinite(ours)) return row("not measured");
  const ref = reference?.value;
  const ratio = ref !== undefined && ref !== null && ref >= 0 ? costRatio(ours, ref) : undefined;
  const compared = target.of === "ratio" ? ratio : ours;
  if (compared === undefined) return row("no floor measured");
  if (!meets(target.op, compared, target.limit)) return row("not met", ratio);
  const stretched = target.stretch !== undefined && meets(target.op, compared, target.stretch);
  return row(stretched ? "pass, stretch too" : "pass", ratio);
}

/** The figures of the parts that ran, in the report's order. */
export function summaryRows(r: BenchResults): SummaryRow[] {
  const rows: SummaryRow[] = [];
  const add = (...args: Parameters<typeof judge>): SummaryRow => {
    const row = judge(...args);
    rows.push(row);
    return row;
  };
  /** Gives `row` the interval of its ratio over the rounds' loads, when it has a ratio. */
  const withInterval = (
    row: SummaryRow,
    ours?: readonly number[],
    reference?: readonly number[],
  ) => {
    const interval = ours && reference ? ratioInterval(ours, reference) : undefined;
    if (row.ratio !== undefined && interval) row.interval = interval;
  };
  if (r.sizes) {
    const { embed, runtime } = r.sizes;
    add("`/embed.js` (loader), gzip -9", TARGETS.embedLoader, embed.gzip);
    add(
      "visitor runtime initial JS (entry + static imports), gzip -9",
      TARGETS.runtimeInitial,
      runtime.initialTotal.gzip,
    );
    add(
      "visitor runtime JS of the typical quiz in all, gzip -9",
      TARGETS.runtimeTotal,
      runtime.typicalTotal.gzip,
    );
  }
  if (r.ownerApp) {
    add(
      "owner app entry JS (with static imports), gzip -9",
      TARGETS.ownerEntry,
      r.ownerApp.initialJs.gzip,
    );
  }
  if (r.firstPaint) {
    const row = add(
      "FCP of `/q/{key}`, mobile profile, median",
      TARGETS.quizFirstPaint,
      r.firstPaint.medianFcpMs,
      {
        name: "empty page's FCP",
        value: r.emptyPaint?.medianFcpMs ?? null,
      },
    );
    withInterval(
      row,
      r.firstPaint.runs.map((run) => run.fcpMs),
      r.emptyPaint?.runs.map((run) => run.fcpMs),
    );
  }
  if (r.loginPaint) {
    add(
      "FCP of `/login`, mobile profile, median",
      TARGETS.loginFirstPaint,
      r.loginPaint.medianFcpMs,
    );
  }
  if (r.leads) {
    add(
      "lead submissions `POST public/quiz/{key}/lead/`",
      TARGETS.leadSubmissions,
      r.leads.ours.requestsPerSecond,
      {
        name: "bare INSERT ceiling",
        value: r.leads.ceiling.requestsPerSecond,
      },
    );
  }
  if (r.leads?.halfRate) {
    const half = r.leads.halfRate;
    add(
      `lead submissions p99 at half the maximum rate (${half.rate.toLocaleString("en-US")}/s)`,
      TARGETS.leadP99HalfRate,
      half.latencyMs.p99,
      {
        name: "bare INSERT ceiling's p99 at the same rate",
        value: r.leads.ceilingHalfRate?.latencyMs.p99 ?? null,
      },
    );
  }
  for (const read of r.quizRead?.targets ?? []) {
    add(`${read.name}, cache hit`, TARGETS.quizRead, read.ours.requestsPerSecond, {
      name: "constant-body Fastify route",
      value: read.ceiling.requestsPerSecond,
    });
  }
  if (r.preview) {
    add(
      "editor preview: a draft change until shown, median",
      TARGETS.previewLatency,
      r.preview.medianMs,
    );
  }
  if (r.editor) {
    const e = r.editor;
    add(
      `editor of ${e.questions} questions interactive, CPU ${e.cpuSlowdown}× slower, median`,
      TARGETS.editorInteractive,
      e.medianInteractiveMs,
    );
    add(
      "editor: a keystroke until the preview shows it, median",
      TARGETS.keystrokeToPreview,
      e.medianKeystrokeToPreviewMs,
    );
  }
  const sizes = r.leadInbox?.sizes ?? [];
  for (const size of sizes) {
    const at = `leads list at ${size.leads.toLocaleString("en-US")}:`;
    add(
      `${at} first page of 50, server p99`,
      TARGETS.leadsPageServerP99,
      size.firstPage.server.p99,
    );
    add(
      `${at} page of 50 half-way, server p99`,
      TARGETS.leadsPageServerP99,
      size.deepPage.server.p99,
    );
    add(
      `${at} filtered page of 50, server p99`,
      TARGETS.leadsPageServerP99,
      size.filteredPage.server.p99,
    );
    add(`${at} search by e-mail fragment, client p99`, TARGETS.leadsSearchP99, size.search.p99);
    add(`${at} search by phone fragment, client p99`, TARGETS.leadsSearchP99, size.phoneSearch.p99);
    for (const e of size.exports) {
      if (e.format === "csv") {
        add(`${at} CSV export, median of ${e.runs}`, TARGETS.csvExport, e.rowsPerSecond);
      }
      const growth =
        e.rssBeforeMb === null || e.rssPeakMb === null ? null : e.rssPeakMb - e.rssBeforeMb;
      add(
        `${at} ${e.format.toUpperCase()} export, server peak RSS − RSS before`,
        TARGETS.exportMemory,
        growth,
      );
    }
  }
  const [smallest, largest] = [sizes[0], sizes.at(-1)];
  if (smallest && largest && smallest !== largest) {
    for (const [name, pick] of [
      ["first page", (s: typeof smallest) => s.firstPage],
      ["page half-way", (s: typeof smallest) => s.deepPage],
      ["filtered page", (s: typeof smallest) => s.filteredPage],
    ] as const) {
      add(
        `leads list ${name}, server p99 at ${largest.leads.toLocaleString("en-US")}`,
        TARGETS.leadsPageGrowth,
        pick(largest).server.p99,
        { name: `at ${smallest.leads.toLocaleString("en-US")}`, value: pick(smallest).server.p99 },
      );
    }
  }
  if (r.analytics) {
    const a = r.analytics;
    add("analytics: 30-day quiz report, p95", TARGETS.analyticsQuizP95, a.quizReport.p95);
    add(
      `analytics: 30-day project report (${a.quizzes} quizzes), p95`,
      TARGETS.analyticsProjectP95,
      a.projectReport.p95,
    );
    add("analytics: event ingest `POST events/`", TARGETS.eventIngest, a.ingest.okPerSecond);
  }
  if (r.hostPage) {
    const variant = (key: string) => r.hostPage?.variants.find((v) => v.key === key);
    const [ours, bare] = [variant("leadquiz"), variant("bare")];
    const reference = (value: number | undefined) => ({
      name: "same page, no embed",
      value: value ?? null,
    });
    const loadRow = add(
      "host page load event with our popup embed, median",
      TARGETS.hostPageLoad,
      ours?.medianLoadMs ?? null,
      reference(bare?.medianLoadMs),
    );
    withInterval(
      loadRow,
      ours?.runs.map((run) => run.loadMs),
      bare?.runs.map((run) => run.loadMs),
    );
    add(
      "host page total blocking time with our popup embed, median",
      TARGETS.hostPageTbt,
      ours?.medianTbtMs ?? null,
      reference(bare?.medianTbtMs),
    );
  }
  if (r.delivery) {
    const d = r.delivery;
    add(
      `lead API p99 at ${d.settings.rate}/s with a ${d.settings.targetDelayMs / 1000} s webhook target`,
      TARGETS.slowTargetP99,
      d.withTarget.latencyMs.p99,
      { name: "no target", value: d.withoutTarget.latencyMs.p99 },
    );
  }
  if (r.drain) {
    const floor = r.drain.floor;
    for (const run of r.drain.runs) {
      add(
        `delivery drain: ${run.leads.toLocaleString("en-US")} leads to a webhook back up, on ${run.database}`,
        TARGETS.deliveryDrain,
        run.delivered === run.leads ? run.seconds * 1000 : null,
        {
          name: "plain client floor",
          value: floor ? floor.seconds * 1000 : null,
        },
      );
    }
  }
  return rows;
}

/** A figure in its unit: sizes in KB, times in ms, rates as whole numbers. */
export function show(value: number, unit: Unit): string {
  const n = (v: number, digits: number) =>
    v.toLocaleString("en-US", { maximumFractionDigits: digits });
  if (unit === "bytes") return `${n(value / KB, 2)} KB`;
  if (unit === "ms") return `${n(value, 2)} ms`;
  if (unit === "MB") return `${n(value, 0)} MB`;
  return `${n(value, 0)} ${unit}`;
}

function targetText(t: Target): string {
  const limit = (v: number) => (t.of === "ratio" ? `${v}×` : show(v, t.unit));
  const stretch = t.stretch === undefined ? "" : ` (stretch ${limit(t.stretch)})`;
  return `${t.op} ${limit(t.limit)}${stretch}, ${t.source}`;
}

const VERDICT_CELL: Record<Verdict, string> = {
  pass: "pass",
  "pass, stretch too": "pass, stretch too",
  "not met": "**not met**",
  "no floor measured": "no floor measured",
  "not measured": "not measured",
};

/** The summary section: one table, or a line saying that nothing was measured. */
export function renderSummary(rows: readonly SummaryRow[]): string[] {
  const lines = [
    "## Summary",
    "",
    "Every figure measured in this run against its target (the issue or doc that sets it " +
      "after the comma). “Limit or peer” is what the figure is compared with in the same run; " +
      "the ratio is ours ÷ that. Where both were loaded in the same interleaved rounds, the " +
      "brackets hold the ratio's 95 % bootstrap interval over those rounds: how far it could " +
      'move by which loads happened to be slow (bench/README.md "Intervals"). Sizes are ' +
      "gzip -9, 1 KB = 1,024 B. The sections below have the details.",
    "",
  ];
  if (rows.length === 0) return [...lines, "No figure was measured in this run.", ""];
  lines.push(
    "| figure | ours | limit or peer | ratio | target | result |",
    "|---|---:|---|---:|---|---|",
  );
  for (const row of rows) {
    const unit = row.target.unit;
    const ours = row.ours === null ? "—" : show(row.ours, unit);
    const reference = row.reference
      ? `${row.reference.name}: ${row.reference.value === null ? "not measured" : show(row.reference.value, unit)}`
      : "—";
    const ratio =
      row.ratio === undefined
        ? "—"
        : row.interval
          ? `${ratioText(row.ratio)} (${row.interval.map((end) => end.toFixed(2)).join("–")})`
          : ratioText(row.ratio);
    lines.push(
      `| ${row.figure} | ${ours} | ${reference} | ${ratio} | ${targetText(row.target)} | ${VERDICT_CELL[row.verdict]} |`,
    );
  }
  lines.push("");
  return lines;
}
