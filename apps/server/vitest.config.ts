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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
