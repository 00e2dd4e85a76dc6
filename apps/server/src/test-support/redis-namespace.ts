import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";

/**
 * The Redis of the `*.redis.test.ts` files (REDIS_TEST_URL; .ci/run sets it) and a key
 * namespace of one test file's own, so that files sharing the server never share counters.
 */
export function testRedisNamespace() {
  const url = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
  const namespace = `leadquiz-test:${randomUUID()}:`;
  return {
    url,
    namespace,
    /** Deletes every key of the namespace (afterAll). */
    async clear(): Promise<void> {
      const redis = new Redis(url);
      const keys = await redis.keys(`${namespace}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    },
  };
}
