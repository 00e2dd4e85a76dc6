import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { API_PREFIX, apiPaths } from "@leadquiz/contract";
import pg from "pg";

/** The repository root (bench/ is one level below it). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const at = (...parts: string[]) => path.join(root, ...parts);

/** PostgreSQL to make the bench databases from (bench/README.md, options). */
export const ADMIN_DATABASE_URL =
  process.env.BENCH_ADMIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** The browser of the browser parts: Debian's Chromium, as the browser tests. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The visitor origin of a bench server on `port` (docs/adr/0016-visitor-origin.md): the
 * quiz pages and embed.js answer there, the owner app and its API on `127.0.0.1`.
 */
export function benchVisitorUrl(port: number): string {
  return `http://localhost:${port}`;
}

/**
 * The environment of a bench server (`scripts/start.mjs`, what `npm start` runs) on
 * loopback at `port`: production mode, quiet logs, no Redis.
 */
export function benchServerEnv(options: {
  port: number;
  dataDir: string;
  databaseUrl: string;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    VISITOR_URL: benchVisitorUrl(options.port),
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    // Every lead of the load test comes from 127.0.0.1: the visitor limits (at most 10
    // leads per address and quiz in 10 minutes …) are switched off the documented way.
    RATE_LIMIT_ENABLED: "false",
    REDIS_URL: "",
    LOG_LEVEL: "warn",
  };
}

/** Progress lines on stderr (the report goes to files; stdout stays for the summary). */
export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A TCP port nobody listens on right now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A child process that stops with the bench (SIGTERM, then SIGKILL after a grace time). */
export interface Child {
  process: ChildProcess;
  /** The last lines it wrote (for error messages). */
  tail(): string;
  /** Whether its output is copied to stderr as it comes. */
  echo(on: boolean): void;
  stop(): Promise<void>;
}

export function startChild(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { echo?: boolean } = {},
): Child {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  let echo = options.echo ?? false;
  const keep = (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    if (echo) process.stderr.write(text);
    lines.push(...text.split("\n").filter((line) => line.trim() !== ""));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    process: child,
    tail: () => lines.join("\n"),
    echo(on) {
      echo = on;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      log(`stopping ${name} (pid ${child.pid})`);
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Polls `url` until it answers 2xx; fails early when the process exits. */
export async function waitForHttp(url: string, child: Child, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) {
      throw new Error(`exited with code ${child.process.exitCode}:\n${child.tail()}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${child.tail()}`);
}

/** A fresh PostgreSQL database for one bench run, dropped afterwards. */
export interface BenchDatabase {
  name: string;
  url: string;
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `lq_bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.href, max: 2 });
  return {
    name,
    url: url.href,
    async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      return (await pool.query<T>(text, values)).rows;
    },
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The bench owner's API session: an access token lives minutes and a part that seeds
 * millions of rows outlives it, so a part calls `renew()` before it times calls. One
 * session is shared by every part (a refresh may rotate the refresh token).
 */
export interface OwnerSession {
  token(): string;
  renew(): Promise<void>;
}

export function ownerSession(
  base: string,
  owner: { access: string; refresh: string },
): OwnerSession {
  let { access, refresh } = owner;
  return {
    token: () => access,
    async renew() {
      const response = await fetch(`${base}${API_PREFIX}${apiPaths.tokenRefresh}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ refresh }),
      });
      if (!response.ok) throw new Error(`token refresh: ${response.status}`);
      const pair = (await response.json()) as { access: string; refresh?: string };
      access = pair.access;
      refresh = pair.refresh ?? refresh;
    },
  };
}

/** Runs `work` and logs how long it took ("<what>: 12.3 s"): where a part's time goes. */
export async function step<T>(what: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    log(`${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
