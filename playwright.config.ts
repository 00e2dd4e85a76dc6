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
  // Spec files run two at a time (tests of one file in order): each test registers its own
  // owner from its own client address (e2e/support/users.ts), so files share nothing but the
  // server. E2E_WORKERS sets another count (1 for a one-at-a-time run).
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
