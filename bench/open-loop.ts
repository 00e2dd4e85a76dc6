import { performance } from "node:perf_hooks";
import { HttpConnections } from "./http-connections";

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

/** At most `connections` keep-alive connections to `url`'s server (http-connections.ts). */
export function connectionsTo(url: string, connections: number): HttpConnections {
  const { hostname, port } = new URL(url);
  return new HttpConnections(hostname, Number(port || 80), connections);
}

/** The whole HTTP/1.1 request, as written on the connection. */
function httpRequest(target: URL, request: OpenLoopRequest): string {
  const body = request.body?.() ?? "";
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return (
    `${request.method} ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n` +
    `${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/**
 * Runs the load over `connections` when given (e.g. the warm-up's, so the measured run does
 * not start by opening them; the caller closes it), else over a pool of its own.
 */
export async function openLoopLoad(
  url: string,
  request: OpenLoopRequest,
  settings: OpenLoopSettings,
  connections?: HttpConnections,
): Promise<OpenLoopResult> {
  const target = new URL(url);
  const pool = connections ?? connectionsTo(url, settings.connections);
  const total = Math.max(1, Math.round(settings.rate * settings.durationSeconds));
  const intervalMs = 1000 / settings.rate;
  const latencies: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let answered = 0;
  let lastAnswerAt = 0;
  const start = performance.now() + 5;

  const send = async (dueAt: number): Promise<void> => {
    const answer = await pool.send(httpRequest(target, request));
    answered += 1;
    if ("error" in answer) {
      errors += 1;
      return;
    }
    lastAnswerAt = performance.now();
    latencies.push(lastAnswerAt - dueAt);
    if (answer.status >= 200 && answer.status < 300) ok += 1;
    else non2xx += 1;
  };

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
  if (!connections) pool.close();

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
