import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverRoot } from "../../paths";
import { apiPaths } from "../../test-support/api-paths";
import { connectTarget, deliveryRows } from "../../test-support/delivery-fixtures";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";
import { grantLeadRequests } from "../tariffs";

/**
 * The delivery worker killed with SIGKILL while it sends (docs/delivery.md, "Pipeline"):
 * the real server process works the outbox on PostgreSQL, a slow receiver takes the
 * webhooks, the process dies with sends in flight and is started again on the same
 * database. Every lead must reach the receiver; after dedupe by webhook-id, exactly once.
 */

const LEADS = 30;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("lead delivery through a SIGKILL of the worker", () => {
  let harness: LeadsHarness;
  let quiz: PublishedQuiz;
  let receiver: Server;
  let receiverUrl = "";
  const hits: string[] = [];
  let child: ChildProcess | null = null;
  let dataDir = "";
  const env: Record<string, string> = {};

  async function startServer() {
    const server = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverRoot,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = server;
    let stdout = "";
    server.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    await until(() => stdout.includes("Leadquiz is ready at"), "the server to start", 60_000);
  }

  async function killServer() {
    const server = child;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGKILL");
    await exited;
  }

  beforeAll(async () => {
    harness = await createLeadsHarness({ JOBS_IN_PROCESS: "false" });
    quiz = await harness.publishedQuiz();
    // More leads than the trial's requests: every one of them may leave.
    await grantLeadRequests(harness.t.database.db, quiz.owner.id, 100);
    // Answers each webhook after 300 ms, so sends are in flight when the worker dies.
    receiver = createServer((request, response) => {
      hits.push(String(request.headers["webhook-id"]));
      request.resume();
      setTimeout(() => response.writeHead(200).end("ok"), 300);
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    dataDir = mkdtempSync(path.join(tmpdir(), "leadquiz-delivery-"));
    Object.assign(env, {
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: harness.t.config.databaseUrl ?? "",
      LOG_LEVEL: "fatal",
      JWT_SECRET: harness.t.config.jwtSecret ?? "",
      ENCRYPTION_KEY: harness.t.config.encryptionKey ?? "",
      WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
      INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true",
    });
  });

  afterAll(async () => {
    await killServer();
    await new Promise<void>((resolve) => {
      receiver.closeAllConnections();
      receiver.close(() => resolve());
    });
    await harness?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("delivers every lead after the worker is killed mid-send and restarted", {
    timeout: 120_000,
  }, async () => {
    await connectTarget(harness, quiz, "webhook", { url: receiverUrl });
    for (let i = 0; i < LEADS; i += 1) {
      const response = await harness.post(apiPaths.publicQuizLead(quiz.publicKey), houseLead());
      expect(response.statusCode).toBe(201);
    }
    await startServer();
    await until(() => hits.length >= 5, "the first webhooks", 30_000);
    await killServer();
    const inFlight = (await deliveryRows(harness)).filter((d) => d.status !== "delivered").length;
    expect(inFlight).toBeGreaterThan(0);

    await startServer();
    // Claims of the killed process hold for their 30 s lease, then are sent again.
    await until(
      async () => (await deliveryRows(harness)).every((d) => d.status === "delivered"),
      "every delivery to be delivered",
      90_000,
    );
    const rows = await deliveryRows(harness);
    expect(rows).toHaveLength(LEADS);
    const unique = new Set(hits);
    expect(unique.size).toBe(LEADS);
    for (const row of rows) expect(unique.has(row.eventId)).toBe(true);
  });
});
