import { defineConfig } from "@playwright/test";
import { E2E_ORIGIN } from "./e2e/support/e2e-origin";

/**
 * Browser tests: Debian's Chromium (`/usr/bin/chromium`, or CHROMIUM_PATH) driven by
 * Playwright, against the real server started by e2e/global-setup.ts with a real SMTP
 * peer and a real OpenID provider on loopback.
 */
export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/global-setup.ts",
  // Two spec files at a time: the browser tests mostly wait (on the server, timers and
  // animations), so two share this 2-core machine well. Each worker has its own quiz owner
  // (e2e/support/quiz-builder.ts `quizOwner`): with one owner for the run, one spec's language
  // change turned another worker's new quizzes Russian. Tests inside a file run in order.
  // E2E_WORKERS sets another count.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // PLAYWRIGHT_JSON_OUTPUT_NAME (set by .ci/run) adds a JSON report for the CI summary line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? E2E_ORIGIN,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
});
