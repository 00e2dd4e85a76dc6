import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { openLoopLoad, quantile } from "./open-loop";

let server: Server | undefined;
afterEach(async () => {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

/** A server on loopback; `hold(n)` says how long to hold the n-th request's answer (ms). */
async function serve(hold: (n: number) => number): Promise<{ url: string; seen: () => number }> {
  let seen = 0;
  server = createServer((request, response) => {
    const n = seen;
    seen += 1;
    request.resume();
    request.on("end", () => {
      setTimeout(() => response.end("{}"), hold(n));
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/lead`, seen: () => seen };
}

describe("open-loop load", () => {
  it("takes the nearest-rank quantile", () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(quantile(sorted, 0.5)).toBe(5);
    expect(quantile(sorted, 0.9)).toBe(9);
    expect(quantile(sorted, 0.99)).toBe(10);
    expect(quantile([], 0.5)).toBe(0);
  });

  it("sends rate × duration requests and counts their answers", async () => {
    const target = await serve(() => 0);
    const result = await openLoopLoad(
      target.url,
      { method: "POST", headers: { "content-type": "application/json" }, body: () => "{}" },
      { rate: 100, durationSeconds: 0.5, connections: 4 },
    );
    expect(target.seen()).toBe(50);
    expect(result).toMatchObject({ total: 50, ok: 50, non2xx: 0, errors: 0 });
  });

  it("counts a request's wait for a held connection in its latency (no coordinated omission)", async () => {
    // One connection; the first answer is held 400 ms, the others come at once. Requests are
    // due every 20 ms, so all ten wait for the first: each latency counts from when it was
    // due, at least 400 - 180 ms. Measured from when it was sent, they would be ~0 ms.
    const target = await serve((n) => (n === 0 ? 400 : 0));
    const result = await openLoopLoad(
      target.url,
      { method: "GET", headers: {} },
      { rate: 50, durationSeconds: 0.2, connections: 1 },
    );
    expect(result.total).toBe(10);
    expect(result.latencyMs.p50).toBeGreaterThanOrEqual(220);
    expect(result.latencyMs.max).toBeGreaterThanOrEqual(400);
  });
});
