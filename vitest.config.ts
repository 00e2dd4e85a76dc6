import { defineConfig } from "vitest/config";

// VITEST_JSON (set by .ci/run) adds a JSON report for the CI summary line.
const jsonReport = process.env.VITEST_JSON;

export default defineConfig({
  test: {
    projects: [
      "packages/*",
      "apps/server",
      "apps/web",
      "apps/web/vitest.build.config.ts",
      "apps/runtime",
      "apps/runtime/vitest.embed.config.ts",
      "bench",
    ],
    reporters: jsonReport ? ["default", ["json", { outputFile: jsonReport }]] : ["default"],
  },
});
