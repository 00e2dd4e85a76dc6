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
  // One spec file at a time. The visitor specs share one quiz owner (global-setup), and a spec
  // that changes that owner's language makes another file's new quizzes Russian: with two
  // workers, lead-grace.spec saw "Начать" for "Start". E2E_WORKERS runs more at once (for
  // specs that do not share the owner).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
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
