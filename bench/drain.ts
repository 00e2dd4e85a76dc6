import { createHmac, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { API_PREFIX } from "@leadquiz/contract";
import { apiPaths } from "../apps/server/src/test-support/api-paths";
import { connectWebhook } from "./delivery";
import { TARGETS } from "./summary";
import {
  at,
  benchServerEnv,
  createBenchDatabase,
  freePort,
  log,
  sleep,
  startChild,
  waitForHttp,
} from "./support";
import { createTypicalQuiz } from "./typical-quiz";

/**
 * The delivery drain of issue 39 (bench/README.md "Delivery drain"): a webhook target that
 * was down comes back to a backlog of 10,000 leads (tried once while it was down, so already
 * released, and due now). The server (`npm start`, its in-process worker) delivers them to a
 * healthy receiver in a process of its own, on PGlite and on PostgreSQL. Beside it the floor:
 * the same number of signed POSTs of the same size sent straight to the receiver by a plain
 * keep-alive client at the pipeline's per-target bound.
 */

/** The worker's bound of sends in flight to one target (docs/delivery.md "The pipeline"). */
export const PER_TARGET_BOUND = 32;

export interface DrainRun {
  database: "PGlite" | "PostgreSQL";
  leads: number;
  /** Distinct webhook-ids the receiver took, and requests in all (a repeat would show). */
  delivered: number;
  requests: number;
  badSignatures: number;
  /** The delivery log's count of delivered rows after the run. */
  deliveredRows: number;
  /** From the receiver's first lead to its last. */
  seconds: number;
  /** From the server's start (boot, migrations, first look at the outbox) to the last lead. */
  secondsFromStart: number;
  perSecond: number;
  /** os.loadavg() just before the server started and right after the last lead. */
  loadBefore: number[];
  loadAfter: number[];
}

export interface DrainFloor {
  requests: number;
  badSignatures: number;
  concurrency: number;
  bodyBytes: number;
  seconds: number;
  perSecond: number;
  loadBefore: number[];
}

export interface DrainBenchResults {
  leads: number;
  cpus: number;
  runs: DrainRun[];
  floor?: DrainFloor;
}

interface Receiver {
  url: string;
  control<T>(what: "secret" | "reset" | "stats", body?: unknown): Promise<T>;
  stop(): Promise<void>;
}

interface ReceiverStats {
  requests: number;
  unique: number;
  badSignatures: number;
  bytes: number;
  firstAt: number;
  lastAt: number;
}

async function startReceiver(): Promise<Receiver> {
  const port = await freePort();
  const child = startChild(
    "the drain receiver",
    process.execPath,
    ["--import", "tsx", at("bench/drain-receiver.ts")],
    { ...process.env, PORT: String(port) },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/control/stats`, child, 60_000);
  return {
    url: `${base}/hooks/leads`,
    // A connection per call: the seeding blocks this process's event loop for a while, and
    // a kept connection the receiver closed meanwhile would fail the next call.
    control<T>(what: string, body?: unknown) {
      return new Promise<T>((resolve, reject) => {
        const request = http.request(
          `${base}/control/${what}`,
          { method: what === "stats" ? "GET" : "POST", agent: false },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString()) as T));
            response.on("error", reject);
          },
        );
        request.on("error", reject);
        request.end(body === undefined ? undefined : JSON.stringify(body));
      });
    },
    stop: () => child.stop(),
  };
}

/** A query function on the drain's database while its server is stopped. */
interface Seeder {
  query(text: string, values?: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

/** The server's own PGlite (apps/server's dependency), on its data directory. */
async function pgliteSeeder(dataDir: string): Promise<Seeder> {
  const require = createRequire(at("apps/server/package.json"));
  const load = (name: string) => import(pathToFileURL(require.resolve(name)).href);
  // The two modules' shapes, as far as used here.
  const { PGlite } = (await load("@electric-sql/pglite")) as {
    PGlite: new (options: {
      dataDir: string;
      extensions: Record<string, unknown>;
    }) => { query(text: string, values?: unknown[]): Promise<unknown>; close(): Promise<void> };
  };
  const { pg_trgm } = (await load("@electric-sql/pglite/contrib/pg_trgm")) as {
    pg_trgm: unknown;
  };
  const client = new PGlite({ dataDir: path.join(dataDir, "db"), extensions: { pg_trgm } });
  return { query: (text, values) => client.query(text, values), close: () => client.close() };
}

/**
 * The backlog: `leads` leads of the quiz, released (their first try took the request), each
 * with a delivery to the webhook that failed once while the receiver was down and is due now.
 */
async function seedBacklog(
  db: Seeder,
  quizId: number,
  integrationId: number,
  leads: number,
): Promise<void> {
  await db.query(
    `insert into leads (submission_id, quiz_id, project_id, user_id, publication_version,
       name, email, phone, is_opened, opened_at, created_at)
     select gen_random_uuid(), q.id, q.project_id, q.user_id, 1, 'Backlog visitor ' || g,
       'backlog' || g || '@example.com', '+380 67 ' || lpad(g::text, 7, '0'), true,
       now() - interval '20 minutes', now() - interval '20 minutes' - g * interval '100 ms'
     from generate_series(1, $2::int) g cross join quizzes q
     where q.id = $1
     order by g desc`,
    [quizId, leads],
  );
  await db.query(
    `insert into deliveries (integration_id, lead_id, quiz_id, status, attempts,
       next_attempt_at, last_attempt_at, last_error, created_at)
     select $2, id, quiz_id, 'retrying', 1, now(), created_at + interval '1 second',
       $3, created_at
     from leads where quiz_id = $1 and name like 'Backlog visitor %'`,
    [quizId, integrationId, "127.0.0.1: ECONNREFUSED"],
  );
  await db.query("analyze");
}

async function drainOnce(options: {
  kind: DrainRun["database"];
  adminUrl: string;
  workDir: string;
  receiver: Receiver;
  leads: number;
}): Promise<{ run: DrainRun; secret: string; bodyBytes: number }> {
  const { kind, receiver, leads } = options;
  const dataDir = mkdtempSync(path.join(options.workDir, `drain-${kind.toLowerCase()}-`));
  const database = kind === "PostgreSQL" ? await createBenchDatabase(options.adminUrl) : undefined;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...benchServerEnv({ port, dataDir, databaseUrl: database?.url ?? "" }),
    // The receiver listens on loopback, over http.
    INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true",
  };
  const start = async () => {
    const server = startChild(
      `the ${kind} drain server`,
      process.execPath,
      [at("scripts/start.mjs")],
      env,
    );
    await waitForHttp(`${base}${API_PREFIX}${apiPaths.health}`, server, 15 * 60_000);
    return server;
  };
  try {
    log(`delivery drain on ${kind}: owner, quiz and webhook`);
    let server = await start();
    const quiz = await createTypicalQuiz(base, dataDir);
    const { id, secret } = await connectWebhook(base, quiz, receiver.url);
    await receiver.control("secret", { secret });
    // The target was down: the server is stopped while the backlog is written (PGlite is
    // one process's), then started again with the receiver up.
    await server.stop();
    log(`delivery drain on ${kind}: ${leads} leads waiting for the webhook`);
    const seeder: Seeder = database
      ? { query: (text, values) => database.query(text, values), close: async () => {} }
      : await pgliteSeeder(dataDir);
    try {
      await seedBacklog(seeder, quiz.quizId, id, leads);
    } finally {
      await seeder.close();
    }
    await receiver.control("reset");
    const loadBefore = os.loadavg();
    const startedAt = Date.now();
    server = await start();
    let stats = await receiver.control<ReceiverStats>("stats");
    const deadline = Date.now() + 10 * 60_000;
    while (stats.unique < leads && Date.now() < deadline) {
      await sleep(200);
      stats = await receiver.control<ReceiverStats>("stats");
    }
    const loadAfter = os.loadavg();
    await quiz.session.renew();
    const logPage = await fetch(
      `${base}${API_PREFIX}${apiPaths.quizDeliveries(quiz.quizId)}?status=delivered&limit=1`,
      { headers: { authorization: `Bearer ${quiz.session.token()}` } },
    );
    const deliveredRows = ((await logPage.json()) as { count?: number }).count ?? 0;
    await server.stop();
    const seconds = (stats.lastAt - stats.firstAt) / 1000;
    const run: DrainRun = {
      database: kind,
      leads,
      delivered: stats.unique,
      requests: stats.requests,
      badSignatures: stats.badSignatures,
      deliveredRows,
      seconds,
      secondsFromStart: (stats.lastAt - startedAt) / 1000,
      perSecond: stats.unique / Math.max(seconds, 0.001),
      loadBefore,
      loadAfter,
    };
    log(
      `delivery drain on ${kind}: ${run.delivered} of ${leads} in ${seconds.toFixed(1)} s ` +
        `(${run.perSecond.toFixed(0)}/s), ${run.secondsFromStart.toFixed(1)} s from the ` +
        `server's start; ${run.requests} requests, ${deliveredRows} rows delivered`,
    );
    return {
      run,
      secret,
      bodyBytes: stats.requests > 0 ? Math.round(stats.bytes / stats.requests) : 1000,
    };
  } finally {
    await database?.drop();
  }
}

/**
 * The floor: `count` POSTs signed as the webhook's (fresh id, timestamp, HMAC of the body)
 * with bodies of `bodyBytes`, sent by `concurrency` loops over one keep-alive agent.
 */
async function floorRun(
  receiver: Receiver,
  secret: string,
  count: number,
  concurrency: number,
  bodyBytes: number,
): Promise<DrainFloor> {
  await receiver.control("reset");
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const url = new URL(receiver.url);
  const padding = "x".repeat(Math.max(0, bodyBytes - 200));
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const id = randomUUID();
      const timestamp = String(Math.floor(Date.now() / 1000));
      const body = JSON.stringify({
        id,
        type: "lead.created",
        created_at: new Date().toISOString(),
        data: { lead: { padding } },
      });
      const signature = createHmac("sha256", key)
        .update(`${id}.${timestamp}.${body}`)
        .digest("base64");
      const request = http.request(
        url,
        {
          method: "POST",
          agent,
          headers: {
            "content-type": "application/json",
            "content-length": String(Buffer.byteLength(body)),
            "webhook-id": id,
            "webhook-timestamp": timestamp,
            "webhook-signature": `v1,${signature}`,
          },
        },
        (response) => {
          response.resume();
          response.on("end", resolve);
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  let next = 0;
  const loadBefore = os.loadavg();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        await post();
      }
    }),
  );
  agent.destroy();
  const stats = await receiver.control<ReceiverStats>("stats");
  const seconds = (stats.lastAt - stats.firstAt) / 1000;
  const floor: DrainFloor = {
    requests: stats.requests,
    badSignatures: stats.badSignatures,
    concurrency,
    bodyBytes,
    seconds,
    perSecond: stats.unique / Math.max(seconds, 0.001),
    loadBefore,
  };
  log(
    `delivery drain floor: ${stats.unique} signed POSTs in ${seconds.toFixed(2)} s ` +
      `(${floor.perSecond.toFixed(0)}/s) at ${concurrency} at once`,
  );
  return floor;
}

export async function measureDrain(options: {
  leads: number;
  adminUrl: string;
  workDir: string;
}): Promise<DrainBenchResults> {
  const receiver = await startReceiver();
  const results: DrainBenchResults = { leads: options.leads, cpus: os.cpus().length, runs: [] };
  try {
    let last: { secret: string; bodyBytes: number } | undefined;
    for (const kind of ["PGlite", "PostgreSQL"] as const) {
      const { run, secret, bodyBytes } = await drainOnce({ ...options, kind, receiver });
      results.runs.push(run);
      last = { secret, bodyBytes };
    }
    if (last) {
      results.floor = await floorRun(
        receiver,
        last.secret,
        options.leads,
        PER_TARGET_BOUND,
        last.bodyBytes,
      );
    }
    return results;
  } finally {
    await receiver.stop();
  }
}

const load = (values: readonly number[]) => values.map((v) => v.toFixed(2)).join(" / ");

/** The report's section. */
export function renderDrain(d: DrainBenchResults): string[] {
  const limit = TARGETS.deliveryDrain.limit / 1000;
  const lines = [
    "## Delivery drain",
    "",
    `A webhook target that was down comes back to ${d.leads.toLocaleString("en-US")} leads ` +
      "(each tried once while it was down, due now). The server (`npm start`, its in-process " +
      "worker) sends them, signed, to a healthy receiver in its own process on this machine " +
      `(${d.cpus} CPUs); the floor is the same number of signed POSTs of the same size sent ` +
      `straight to that receiver by a plain keep-alive client, ${d.floor?.concurrency ?? PER_TARGET_BOUND} ` +
      `at once (the worker's bound per target). Aim: all within ${limit} s (issue 39). Times ` +
      "from the receiver's first lead to its last; load averages (1, 5, 15 min) before and after.",
    "",
    "| run | delivered | requests | time s | leads/s | from start s | rows delivered | load before | load after |",
    "|---|---:|---:|---:|---:|---:|---:|---|---|",
  ];
  for (const r of d.runs) {
    lines.push(
      `| ${r.database} | ${r.delivered} | ${r.requests} | ${r.seconds.toFixed(1)} | ` +
        `${r.perSecond.toFixed(0)} | ${r.secondsFromStart.toFixed(1)} | ${r.deliveredRows} | ` +
        `${load(r.loadBefore)} | ${load(r.loadAfter)} |`,
    );
  }
  if (d.floor) {
    const f = d.floor;
    lines.push(
      `| floor: plain client, ${f.concurrency} at once | ${f.requests - f.badSignatures} | ` +
        `${f.requests} | ${f.seconds.toFixed(1)} | ${f.perSecond.toFixed(0)} | — | — | ` +
        `${load(f.loadBefore)} | — |`,
    );
  }
  lines.push("");
  return lines;
}
