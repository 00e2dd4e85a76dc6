// Starts the product as `npm start` does (scripts/start.mjs, building what is stale) on the
// Node.js running this script, on a fresh DATA_DIR (PGlite), and checks that every part
// answers: the API and the web app on PUBLIC_URL, the visitor runtime on the default visitor
// origin (the other loopback name, docs/adr/0016-visitor-origin.md: a hosted-quiz address
// answers its 404 page, which needs the server renderer loaded; on PUBLIC_URL it redirects
// there) and the embed loader on both. Then stops it.
// `.ci/run` runs it on each Node.js version the product supports besides the machine's.
// PORT chooses the port (default 3199).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.PORT ?? 3199);
const origin = `http://127.0.0.1:${port}`;
/** The default VISITOR_URL beside PUBLIC_URL `127.0.0.1`. */
const visitorOrigin = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "leadquiz-smoke-"));

const env = {
  ...process.env,
  PORT: String(port),
  HOST: "127.0.0.1",
  PUBLIC_URL: origin,
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
};
delete env.DATABASE_URL; // the embedded default: PGlite in DATA_DIR
const server = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
  cwd: root,
  env,
  stdio: ["ignore", "inherit", "inherit"],
});

async function status(url, base = origin) {
  try {
    return (await fetch(`${base}${url}`, { redirect: "manual" })).status;
  } catch {
    return 0; // not listening yet
  }
}

const expected = [
  ["/api/v1/health/", 200],
  ["/", 200],
  ["/q/smoke-test-no-such-quiz", 308],
  ["/embed.js", 200],
  ["/q/smoke-test-no-such-quiz", 404, visitorOrigin],
  ["/embed.js", 200, visitorOrigin],
  ["/", 302, visitorOrigin],
];
let failure = null;
try {
  const deadline = Date.now() + 180_000;
  while ((await status("/api/v1/health/")) !== 200) {
    if (server.exitCode !== null) throw new Error(`the product exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error("the product did not start within 180 s");
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  for (const [url, want, base = origin] of expected) {
    const got = await status(url, base);
    if (got !== want) throw new Error(`GET ${base}${url} answered ${got}, not ${want}`);
  }
} catch (error) {
  failure = error;
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) =>
    server.exitCode === null ? server.once("exit", resolve) : resolve(),
  );
  rmSync(dataDir, { recursive: true, force: true });
}
if (failure) {
  process.stderr.write(`smoke test on Node.js ${process.version}: ${failure.message}\n`);
  process.exit(1);
}
process.stdout.write(
  `Node.js ${process.version}: the product started and answered ${expected.map(([url, , base = origin]) => `${base}${url}`).join(", ")}\n`,
);
