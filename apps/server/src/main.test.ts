import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { serverRoot } from "./paths";
import { freePort, until } from "./test-support/child-process";

const children: ChildProcess[] = [];
const dirs: string[] = [];

function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "leadquiz-main-"));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  return { child, exited, output: () => ({ stdout, stderr }) };
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the server process", () => {
  it("prints its address when ready, serves, and exits cleanly on SIGTERM", async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port) });
    await until(
      () => server.output().stdout.includes("Leadquiz is ready at"),
      "the server to start",
    );
    expect(server.output().stdout).toContain(`http://localhost:${port}`);
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/health/`);
    expect(await response.json()).toEqual({ status: "ok" });

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    // A fresh data folder: migrations and the template seed run first, slow on a busy machine.
  }, 120_000);

  it("refuses to start on a bad variable and names it", async () => {
    const server = startServer({ PORT: "not-a-port", SMTP_URL: "http://mail" });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr).toContain("PORT");
    expect(server.output().stderr).toContain("SMTP_URL");
  });
});
