import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { log } from "./support";

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

/** Wraps the measured run (not the warm-up), e.g. to read the CPU it cost (bench/cpu.ts). */
export type MeasuredRun = <T>(run: () => Promise<T>) => Promise<T>;

const unwrapped: MeasuredRun = (run) => run();

export interface LoadResult {
  url: string;
  /** Mean requests per second over the measured run (all answers). */
  requestsPerSecond: number;
  /** Answered 2xx per second (stored leads). */
  okPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; mean: number; max: number };
  total: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Status codes of the answers that were not 2xx, with counts. */
  failures: Record<string, number>;
  /** 2xx answers including the warm-up (compared with the rows stored). */
  okIncludingWarmup: number;
}

/** GETs `url` with `headers` (the same request each time): warm-up, then the measured run. */
export function getLoad(
  name: string,
  url: string,
  headers: Record<string, string>,
  settings: LoadSettings,
): Promise<LoadResult> {
  return measureLoad(name, url, settings, (seconds) =>
    autocannon({ url, connections: settings.connections, duration: seconds, headers }),
  );
}

/**
 * POSTs JSON bodies made by `body(uuid)` to `url` with a fresh UUID per request (the
 * submission_id: every request is a new lead), first a warm-up whose numbers are dropped,
 * then the measured run.
 */
export async function postLoad(
  name: string,
  url: string,
  body: (submissionId: string) => string,
  settings: LoadSettings,
  measured: MeasuredRun = unwrapped,
): Promise<LoadResult> {
  const run = (seconds: number) =>
    autocannon({
      url,
      connections: settings.connections,
      duration: seconds,
      requests: [
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          setupRequest: (request) => ({ ...request, body: body(randomUUID()) }),
        },
      ],
    });
  return measureLoad(name, url, settings, run, measured);
}

async function measureLoad(
  name: string,
  url: string,
  settings: LoadSettings,
  run: (seconds: number) => Promise<autocannon.Result>,
  measured: MeasuredRun = unwrapped,
): Promise<LoadResult> {
  log(`${name}: warm-up ${settings.warmupSeconds} s, ${settings.connections} connections`);
  const warmup = await run(settings.warmupSeconds);
  log(`${name}: measuring ${settings.durationSeconds} s`);
  const result = await measured(() => run(settings.durationSeconds));
  const failures: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
    if (!status.startsWith("2")) failures[status] = (stats as { count: number }).count;
  }
  const ok = result["2xx"];
  const outcome = {
    url,
    requestsPerSecond: result.requests.average,
    okPerSecond: ok / result.duration,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      mean: result.latency.average,
      max: result.latency.max,
    },
    total: result.requests.total,
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    failures,
    okIncludingWarmup: ok + warmup["2xx"],
  };
  log(
    `${name}: ${outcome.requestsPerSecond.toFixed(0)} req/s, p50 ${outcome.latencyMs.p50} ms, ` +
      `p99 ${outcome.latencyMs.p99} ms, non-2xx ${outcome.non2xx}, errors ${outcome.errors}`,
  );
  return outcome;
}
