import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { API_PREFIX } from "@leadquiz/contract";
import pg from "pg";
import { apiPaths } from "../apps/server/src/test-support/api-paths";

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
 * The bench owner: the account's credentials (each browser context signs in for a session of
 * its own) and one API session of access token and session cookie (docs/api.md "Accounts").
 */
export interface BenchOwner {
  email: string;
  password: string;
  access: string;
  /** The refresh token: the value of the session cookie `lq_refresh`. */
  refresh: string;
}

/** The session cookie's value an answer sets (`lq_refresh`). */
function sessionCookieOf(response: Response): string {
  for (const line of response.headers.getSetCookie()) {
    const match = /^lq_refresh=([^;]+)/.exec(line);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no session cookie in the answer of ${response.url}`);
}

/** Signs in (POST token/): a new session of the owner, its access token and cookie value. */
export async function signIn(
  base: string,
  email: string,
  password: string,
): Promise<{ access: string; refresh: string }> {
  const response = await fetch(`${base}${API_PREFIX}${apiPaths.token}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  const { access } = (await response.json()) as { access: string };
  return { access, refresh: sessionCookieOf(response) };
}

/**
 * Registers an owner as a person does (docs/product.md "Registration"): the form's call, then
 * the link of the e-mail the bench server writes into its outbox (`{dataDir}/mail/`, no
 * SMTP_URL), which makes the account and signs in.
 */
export async function registerOwner(
  base: string,
  dataDir: string,
  account: { email: string; password: string; language: string },
): Promise<BenchOwner> {
  const { email, password, language } = account;
  const registered = await fetch(`${base}${API_PREFIX}${apiPaths.register}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: email, email, password, language }),
  });
  if (registered.status !== 202) throw new Error(`register: ${registered.status}`);
  const token = await registrationToken(path.join(dataDir, "mail"), email);
  const completed = await fetch(`${base}${API_PREFIX}${apiPaths.registerComplete}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token }),
  });
  if (!completed.ok) throw new Error(`register/complete: ${completed.status}`);
  const { access } = (await completed.json()) as { access: string };
  return { email, password, access, refresh: sessionCookieOf(completed) };
}

/** The token of the registration link mailed to `email` (waits up to 30 s for the file). */
async function registrationToken(mailDir: string, email: string): Promise<string> {
  const who = email.toLowerCase().replace(/[^a-z0-9]+/g, "_");
  for (let waited = 0; waited < 30_000; waited += 200) {
    const files = existsSync(mailDir) ? readdirSync(mailDir) : [];
    for (const file of files.filter((name) => name.includes(`-${who}-`))) {
      // Quoted-printable: soft line breaks out, `=3D` back to `=`.
      const text = readFileSync(path.join(mailDir, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
      const token = /\/complete-registration\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
      if (token) return token;
    }
    await sleep(200);
  }
  throw new Error(`no registration e-mail to ${email} in ${mailDir}`);
}

/**
 * The bench owner's API session: an access token lives minutes and a part that seeds
 * millions of rows outlives it, so a part calls `renew()` before it times calls. One
 * session is shared by every part (a refresh rotates the session cookie).
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
        headers: { cookie: `lq_refresh=${refresh}`, "x-requested-with": "leadquiz-bench" },
      });
      if (!response.ok) throw new Error(`token refresh: ${response.status}`);
      access = ((await response.json()) as { access: string }).access;
      refresh = sessionCookieOf(response);
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
