import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LeadSubmission } from "@leadquiz/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverRoot } from "../../paths";
import { apiPaths } from "../../test-support/api-paths";
import { freePort, until } from "../../test-support/child-process";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";

/**
 * Durability under faults (docs/security.md, "Suites"): the real server process on the real
 * PostgreSQL server takes a bounded load of visitor leads from a few clients that resend
 * like the runtime's submission queue (the same `submission_id` resent on network errors
 * and 5xx), while the server is killed with SIGKILL twice (restarted on the same
 * database) and the database's PostgreSQL backends are terminated twice. Every lead the
 * server acknowledged must be stored exactly once. The faults are triggered by the number
 * of acknowledged leads, not by time, and nothing here asserts on timing.
 */

const CLIENTS = 4;
const LEADS_PER_CLIENT = 25;
const TOTAL = CLIENTS * LEADS_PER_CLIENT;
/** After how many acknowledged leads each fault happens, in order. */
const FAULTS = [
  { after: 15, kind: "kill" },
  { after: 35, kind: "terminate" },
  { after: 55, kind: "kill" },
  { after: 75, kind: "terminate" },
] as const;

class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

describe("leads under server kills and PostgreSQL backend terminations", () => {
  let h: LeadsHarness;
  let quiz: PublishedQuiz;
  let dataDir: string;
  let port: number;
  let child: ChildProcess | null = null;
  let databaseUrl: string;
  const env: Record<string, string> = {};

  /** Starts `src/main.ts` as the operator would and waits for its ready line. */
  async function startServer(): Promise<void> {
    const server = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverRoot,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = server;
    let stdout = "";
    let stderr = "";
    let exited = false;
    server.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    server.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    server.once("exit", () => {
      exited = true;
    });
    await until(() => stdout.includes("Leadquiz is ready at") || exited, "the server to start");
    if (exited) throw new Error(`the server did not start: ${stderr}`);
  }

  async function killServer(): Promise<void> {
    const server = child;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGKILL");
    await exited;
  }

  async function terminateBackends(): Promise<number> {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [new URL(databaseUrl).pathname.slice(1)],
      );
      return rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  beforeAll(async () => {
    h = await createLeadsHarness();
    quiz = await h.publishedQuiz();
    if (!h.t.config.databaseUrl) throw new Error("the test app has no DATABASE_URL");
    databaseUrl = h.t.config.databaseUrl;
    dataDir = mkdtempSync(path.join(tmpdir(), "leadquiz-durability-"));
    port = await freePort();
    Object.assign(env, {
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "fatal",
      JWT_SECRET: randomBytes(32).toString("hex"),
      ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
      // Every client comes from 127.0.0.1; the per-address lead limits would stop the load.
      RATE_LIMIT_ENABLED: "false",
    });
    await startServer();
  });

  afterAll(async () => {
    await killServer();
    await h?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("stores every acknowledged lead exactly once", { timeout: 60_000 }, async () => {
    const base = () => `http://127.0.0.1:${port}/api/v1`;
    const acknowledged = new Set<string>();
    const rejected: string[] = [];
    let kills = 0;
    let terminated = 0;
    let terminatedBackends = 0;
    /** Lead sends answered by a network error or a retryable status (then resent). */
    let failedSends = 0;

    const post = async (url: string, body: unknown): Promise<unknown> => {
      const response = await fetch(`${base()}${url}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new HttpError(response.status);
      return response.json();
    };

    /** The visitor session the runtime asks for first; null when the server is down (as the runtime does). */
    const session = async (): Promise<string | null> => {
      try {
        const body = (await post(apiPaths.clientSessions, {
          quiz: quiz.publicKey,
          service_session: true,
        })) as { session?: unknown };
        return typeof body.session === "string" ? body.session : null;
      } catch {
        return null;
      }
    };

    /**
     * Sends a lead until a final answer, as the runtime's submission queue does
     * (apps/runtime/src/submission-queue.ts, not importable here: it types browser storage):
     * resent with the same `submission_id` after a network error, 408, 429 or 5xx, with
     * exponential backoff and equal jitter; a 2xx acknowledges it, another 4xx drops it.
     */
    const submit = async (lead: LeadSubmission): Promise<void> => {
      for (let attempt = 0; ; attempt++) {
        try {
          await post(apiPaths.publicQuizLead(quiz.publicKey), lead);
          acknowledged.add(lead.submission_id);
          return;
        } catch (error) {
          const status = error instanceof HttpError ? error.status : null;
          if (status !== null && status !== 408 && status !== 429 && status < 500) {
            rejected.push(`${status}`);
            return;
          }
          failedSends++;
          const capped = Math.min(1000, 100 * 2 ** attempt);
          await new Promise((resolve) =>
            setTimeout(resolve, capped / 2 + (Math.random() * capped) / 2),
          );
        }
      }
    };

    const client = async () => {
      for (let i = 0; i < LEADS_PER_CLIENT; i++) {
        await submit(houseLead({ session: await session() }));
      }
    };

    const faults = async () => {
      for (const fault of FAULTS) {
        await until(() => acknowledged.size >= fault.after, `${fault.after} acknowledgements`);
        if (fault.kind === "kill") {
          await killServer();
          kills++;
          await startServer();
        } else {
          terminatedBackends += await terminateBackends();
          terminated++;
        }
      }
    };

    await Promise.all([faults(), ...Array.from({ length: CLIENTS }, client)]);

    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    let stored: Map<string, number>;
    try {
      const { rows } = await admin.query<{ submission_id: string; copies: number }>(
        "select submission_id, count(*)::int as copies from leads where quiz_id = $1 group by submission_id",
        [quiz.id],
      );
      stored = new Map(rows.map((row) => [row.submission_id, row.copies]));
    } finally {
      await admin.end();
    }
    const duplicates = [...stored.values()].filter((copies) => copies > 1).length;
    const missing = [...acknowledged].filter((id) => stored.get(id) !== 1);
    process.stdout.write(
      `durability: ${acknowledged.size} acknowledged, ${stored.size} stored, ` +
        `${duplicates} duplicated, ${kills} SIGKILLs, ${terminated} terminations ` +
        `(${terminatedBackends} backends), ${failedSends} failed sends resent\n`,
    );

    expect(rejected).toEqual([]);
    expect(kills).toBe(2);
    expect(terminated).toBe(2);
    expect(terminatedBackends).toBeGreaterThan(0);
    // The clients did meet the faults: while a killed server restarts, their sends fail.
    expect(failedSends).toBeGreaterThan(0);
    expect(acknowledged.size).toBe(TOTAL);
    expect(missing).toEqual([]);
    expect(duplicates).toBe(0);
    // Nothing stored that was not acknowledged: every client resent until acknowledged.
    expect(stored.size).toBe(TOTAL);
  });
});
