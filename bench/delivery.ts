import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { API_PREFIX } from "@leadquiz/contract";
import { apiPaths } from "../apps/server/src/test-support/api-paths";
import { connectionsTo, type OpenLoopResult, openLoopLoad } from "./open-loop";
import { TARGETS } from "./summary";
import { type BenchDatabase, log, sleep } from "./support";
import type { TypicalQuiz } from "./typical-quiz";

/**
 * The reliability figure of issue 11 (bench/README.md, "Delivery to a slow target"): a
 * webhook target that takes 9 s per call while leads arrive at a fixed rate must not change
 * the lead API's p99 by more than 10 % against a run without any target.
 */

export interface FixedRateSettings {
  /** Leads per second, evenly spaced (bench/open-loop.ts). */
  rate: number;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  /** How long the receiver holds each call before answering 200. */
  targetDelayMs: number;
}

export interface FixedRateRun extends OpenLoopResult {
  /** The 1-minute load average just before the measured run. */
  loadAverageBefore: number;
}

export interface DeliveryBenchResults {
  settings: FixedRateSettings;
  withoutTarget: FixedRateRun;
  withTarget: FixedRateRun;
  /** p99 with the slow target ÷ p99 without. */
  p99Ratio: number;
  p50Ratio: number;
  /** What the slow receiver saw by the end of the measured run with the target. */
  receiver: { started: number; answered: number; inFlight: number };
  /** Deliveries of the run's webhook by status, right after the measured run. */
  deliveries: Record<string, number>;
}

interface SlowReceiver {
  url: string;
  counts(): { started: number; answered: number; inFlight: number };
  close(): Promise<void>;
}

/** A webhook endpoint on loopback that answers every call 200, after `delayMs`. */
async function startSlowReceiver(delayMs: number): Promise<SlowReceiver> {
  let started = 0;
  let answered = 0;
  const server = createServer((request, response) => {
    started += 1;
    request.resume();
    request.on("end", () => {
      setTimeout(() => {
        answered += 1;
        response.writeHead(200, { "content-type": "application/json" });
        response.end('{"ok":true}');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/slow-hook`,
    counts: () => ({ started, answered, inFlight: started - answered }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * POSTs new leads at `rate` per second, evenly spaced (open loop, bench/open-loop.ts): a
 * warm-up (dropped), then the measured run. Also the leads part's pass at half the maximum
 * rate.
 */
export async function fixedRateLoad(
  name: string,
  url: string,
  body: (submissionId: string) => string,
  settings: Omit<FixedRateSettings, "targetDelayMs">,
): Promise<FixedRateRun> {
  // One pool for both runs: the measured run starts with the warm-up's open connections.
  const pool = connectionsTo(url, settings.connections);
  const run = (seconds: number) =>
    openLoopLoad(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: () => body(randomUUID()),
      },
      { rate: settings.rate, durationSeconds: seconds, connections: settings.connections },
      pool,
    );
  log(`${name}: warm-up ${settings.warmupSeconds} s at ${settings.rate} leads/s`);
  let result: OpenLoopResult;
  let loadAverageBefore: number;
  try {
    await run(settings.warmupSeconds);
    loadAverageBefore = os.loadavg()[0] ?? 0;
    log(`${name}: measuring ${settings.durationSeconds} s at ${settings.rate} leads/s`);
    result = await run(settings.durationSeconds);
  } finally {
    pool.close();
  }
  const measured: FixedRateRun = { ...result, loadAverageBefore };
  log(
    `${name}: ${measured.requestsPerSecond.toFixed(0)} req/s, p50 ${measured.latencyMs.p50} ms, ` +
      `p99 ${measured.latencyMs.p99} ms, non-2xx ${measured.non2xx}, errors ${measured.errors}`,
  );
  return measured;
}

/**
 * Runs the lead API at a fixed rate twice: without any delivery target, then with a webhook
 * on the quiz whose receiver takes `targetDelayMs` per call (the server's own in-process
 * worker delivers, as in production). The server must allow private networks (the receiver
 * is on loopback, over http).
 */
export async function measureSlowTarget(options: {
  base: string;
  quiz: TypicalQuiz;
  database: BenchDatabase;
  settings: FixedRateSettings;
}): Promise<DeliveryBenchResults> {
  const { base, quiz, database, settings } = options;
  const leadUrl = `${base}${API_PREFIX}${apiPaths.publicQuizLead(quiz.publicKey)}`;
  const marker = "00000000-0000-4000-8000-000000000000";
  const [head, tail] = JSON.stringify(quiz.lead(marker)).split(marker);
  const body = (id: string) => `${head}${id}${tail}`;

  const [connected] = await database.query<{ n: number }>(
    "select count(*)::int as n from integrations where quiz_id = $1 and is_enabled",
    [quiz.quizId],
  );
  if ((connected?.n ?? 0) > 0) throw new Error("the typical quiz already has delivery targets");
  const withoutTarget = await fixedRateLoad("no target", leadUrl, body, settings);

  // Every lead delivered takes a request of the owner's allowance (docs/leads.md
  // "Allowance"): enough for the whole run, so no delivery waits for requests.
  await database.query(
    `insert into lead_allowances (user_id, requests_left)
      select user_id, 10000000 from quizzes where id = $1
      on conflict (user_id) do update set requests_left = excluded.requests_left`,
    [quiz.quizId],
  );
  const receiver = await startSlowReceiver(settings.targetDelayMs);
  try {
    const { id } = await connectWebhook(base, quiz, receiver.url);
    // Let the worker pick up its first deliveries before anything is measured.
    await sleep(1000);
    const withTarget = await fixedRateLoad("slow target", leadUrl, body, settings);
    const counts = receiver.counts();
    const rows = await database.query<{ status: string; n: number }>(
      "select status, count(*)::int as n from deliveries where integration_id = $1 group by status",
      [id],
    );
    const deliveries = Object.fromEntries(rows.map((row) => [row.status, row.n]));
    log(
      `slow target: receiver ${counts.started} calls, ${counts.answered} answered, ` +
        `${counts.inFlight} in flight; deliveries ${JSON.stringify(deliveries)}`,
    );
    // Switch it off, so the server's shutdown does not wait on a backlog of 9 s calls.
    await database.query("update integrations set is_enabled = false where id = $1", [id]);
    return {
      settings,
      withoutTarget,
      withTarget,
      p99Ratio: withTarget.latencyMs.p99 / withoutTarget.latencyMs.p99,
      p50Ratio: withTarget.latencyMs.p50 / withoutTarget.latencyMs.p50,
      receiver: counts,
      deliveries,
    };
  } finally {
    await receiver.close();
  }
}

/** Connects a webhook to `url` on the quiz (`POST webhook-integration/`): its id and secret. */
export async function connectWebhook(
  base: string,
  quiz: TypicalQuiz,
  url: string,
): Promise<{ id: number; secret: string }> {
  const created = await fetch(`${base}${API_PREFIX}${apiPaths.webhookIntegrations}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${quiz.session.token()}`,
    },
    body: JSON.stringify({ quiz: quiz.quizId, url }),
  });
  if (created.status !== 201) {
    throw new Error(`the webhook was refused: ${created.status} ${await created.text()}`);
  }
  return (await created.json()) as { id: number; secret: string };
}

/** The report's section. */
export function renderSlowTarget(d: DeliveryBenchResults): string[] {
  const s = d.settings;
  const row = (name: string, r: FixedRateRun) =>
    `| ${name} | ${r.requestsPerSecond.toFixed(0)} | ${r.latencyMs.p50} | ${r.latencyMs.p90} | ` +
    `${r.latencyMs.p99} | ${r.latencyMs.max} | ${r.ok} | ${r.non2xx + r.errors} | ` +
    `${r.loadAverageBefore.toFixed(2)} |`;
  const within = d.p99Ratio <= TARGETS.slowTargetP99.limit ? "within" : "**outside**";
  return [
    "## Lead API with a slow delivery target",
    "",
    `${s.rate} leads/s, evenly spaced (open loop, bench/open-loop.ts; latencies from when each request was due), at most ${s.connections} connections, for ` +
      `${s.durationSeconds} s after ${s.warmupSeconds} s of warm-up, first with no target, then ` +
      `with a webhook whose receiver answers after ${s.targetDelayMs / 1000} s (the server's ` +
      "in-process worker delivers).",
    "",
    "| run | req/s | p50 ms | p90 ms | p99 ms | max ms | 2xx | failed | load avg before |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    row("no target", d.withoutTarget),
    row("slow target", d.withTarget),
    "",
    `**p99 with ÷ without: ${d.p99Ratio.toFixed(2)}** (${within} the 10 % of issue 11); ` +
      `p50 ratio ${d.p50Ratio.toFixed(2)}.`,
    "",
    `At the end of the measured run the receiver had taken ${d.receiver.started} calls, ` +
      `answered ${d.receiver.answered}, ${d.receiver.inFlight} in flight; the deliveries of the ` +
      `webhook: ${Object.entries(d.deliveries)
        .map(([status, n]) => `${status} ${n}`)
        .join(", ")}.`,
    "",
  ];
}
