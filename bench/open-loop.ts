import { performance } from "node:perf_hooks";
import { Pool } from "undici";

/**
 * An open-loop load at a fixed rate (bench/README.md, "At half the maximum rate"): request
 * i is due at start + i / rate, evenly spaced, whether or not earlier answers came back, and
 * its latency counts from when it was due, so a request that waited for a free connection
 * (or for a slow server) is counted with its wait: no coordinated omission.
 *
 * autocannon's `overallRate` is not this: each connection sends its share of a second as
 * fast as it can from the start of every second and then pauses (autocannon
 * lib/httpClient.js, `reqsMadeThisSecond`), so "half the maximum rate" was the maximum rate
 * for about half of each second, and its latencies were those of full load.
 */
export interface OpenLoopSettings {
  /** Requests per second. */
  rate: number;
  durationSeconds: number;
  /** Connections at the most (a request due while all are busy waits, counted). */
  connections: number;
}

export interface OpenLoopResult {
  /** Answers per second over the run (from the first request's due time to the last answer). */
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  total: number;
  ok: number;
  non2xx: number;
  errors: number;
}

export interface OpenLoopRequest {
  method: "POST" | "GET";
  headers: Record<string, string>;
  body?: () => string;
}

/** The value at quantile q (0..1) of ascending `sorted` (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}

export async function openLoopLoad(
  url: string,
  request: OpenLoopRequest,
  settings: OpenLoopSettings,
): Promise<OpenLoopResult> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: settings.connections, pipelining: 1 });
  const total = Math.max(1, Math.round(settings.rate * settings.durationSeconds));
  const intervalMs = 1000 / settings.rate;
  const latencies: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let answered = 0;
  let lastAnswerAt = 0;
  const start = performance.now() + 5;

  const send = (dueAt: number): Promise<void> =>
    pool
      .request({
        path: target.pathname + target.search,
        method: request.method,
        headers: request.headers,
        ...(request.body ? { body: request.body() } : {}),
      })
      .then(async (answer) => {
        await answer.body.dump();
        lastAnswerAt = performance.now();
        latencies.push(lastAnswerAt - dueAt);
        if (answer.statusCode >= 200 && answer.statusCode < 300) ok += 1;
        else non2xx += 1;
      })
      .catch(() => {
        errors += 1;
      })
      .finally(() => {
        answered += 1;
      });

  const inFlight: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    let sent = 0;
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * intervalMs <= now) {
        inFlight.push(send(start + sent * intervalMs));
        sent += 1;
      }
      if (sent >= total) {
        resolve();
        return;
      }
      setTimeout(tick, Math.max(0, start + sent * intervalMs - performance.now()));
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });
  await Promise.all(inFlight);
  await pool.close();

  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    requestsPerSecond: lastAnswerAt > start ? answered / ((lastAnswerAt - start) / 1000) : 0,
    latencyMs: {
      p50: round(quantile(latencies, 0.5)),
      p90: round(quantile(latencies, 0.9)),
      p99: round(quantile(latencies, 0.99)),
      max: round(latencies[latencies.length - 1] ?? 0),
    },
    total: answered,
    ok,
    non2xx,
    errors,
  };
}
