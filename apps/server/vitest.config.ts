import { defineConfig } from "vitest/config";

// `*.pg.test.ts` need a real PostgreSQL server (they stop and start its network path);
// they join the suite when TEST_DATABASE_URL is set, as in .ci/run.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
// `*.redis.test.ts` need a Redis server (REDIS_TEST_URL, set by .ci/run).
const withRedis = Boolean(process.env.REDIS_TEST_URL);

export default defineConfig({
  test: {
    name: "server",
    include: ["src/**/*.test.ts"],
    exclude: [
      ...(withPostgres ? [] : ["src/**/*.pg.test.ts"]),
      ...(withRedis ? [] : ["src/**/*.redis.test.ts"]),
    ],
    // The test files of a worker share its modules: each file builds its own app on its own
    // database (test-support/test-app.ts); what the server keeps in memory is keyed by that
    // database or config (WeakMaps), module scope holds only pure caches. Importing the app
    // once per worker instead of once per file takes the suite from ~5 to ~2.3 min on PGlite
    // and ~4.8 to ~3.1 min on PostgreSQL on this 2-core machine (docs/ARCHITECTURE.md).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
