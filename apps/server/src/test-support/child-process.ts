import { createServer } from "node:net";

/**
 * A TCP port free on 127.0.0.1 right now (the system picks it), for a server process a test
 * starts: no fixed range that two suites, or two checkouts, could both reach for.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Waits until `check` holds (polled every 50 ms). The bound is generous — a server process
 * starting under tsx on a loaded 2-core machine can take many seconds — and only stops a
 * test that would otherwise hang; it asserts nothing about speed.
 */
export async function until(
  check: () => boolean,
  what: string,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
