import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// VITEST_JSON (set by .ci/run) adds a JSON report for the CI summary line.
const jsonReport = process.env.VITEST_JSON;

export default defineConfig({
  test: {
    // Twice as many test files at once as the machine has cores (at most 8): the server's
    // files spend much of their time waiting on sockets, timers and the database, and
    // Vitest's default (cores - 1) runs one file at a time on a 2-core machine: every project
    // then took 1,134 s for 781 s of CPU; the server suite alone on PGlite takes 260 s with 4
    // (CONTRIBUTING.md "Continuous integration"). VITEST_MAX_WORKERS sets another count.
    maxWorkers: Number(
      process.env.VITEST_MAX_WORKERS ?? Math.min(8, Math.max(2, availableParallelism()) * 2),
    ),
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
