import { readFileSync } from "node:fs";
import type { BenchDatabase } from "./support";

/**
 * CPU time spent per request, from /proc (bench/README.md, "CPU per lead"): the server
 * process (all its threads), and PostgreSQL's processes that work for it: the backends
 * connected to the bench database and the shared WAL writer, background writer and
 * checkpointer. On a machine shared with other work a throughput figure moves with the
 * load; the CPU a request costs moves far less, so it is reported beside the ratio.
 */

/** Clock ticks per second of /proc's utime and stime (USER_HZ; 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process in ms, or null when it is gone or unreadable. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces; the fields after it are plain.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null;
    return ((utime + stime) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

export interface CpuSample {
  server: number;
  postgres: Map<number, number>;
}

export interface CpuSpent {
  /** ms of CPU of the server process over the window. */
  serverMs: number;
  /** ms of CPU of the PostgreSQL processes over the window. */
  postgresMs: number;
}

async function postgresPids(database: BenchDatabase): Promise<number[]> {
  const rows = await database.query<{ pid: number }>(
    `select pid from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid()
        or backend_type in ('walwriter', 'background writer', 'checkpointer')`,
  );
  return rows.map((row) => row.pid);
}

export async function sampleCpu(serverPid: number, database: BenchDatabase): Promise<CpuSample> {
  const postgres = new Map<number, number>();
  for (const pid of await postgresPids(database)) {
    const ms = processCpuMs(pid);
    if (ms !== null) postgres.set(pid, ms);
  }
  return { server: processCpuMs(serverPid) ?? Number.NaN, postgres };
}

/**
 * CPU spent between two samples. A PostgreSQL process seen only at the end (a connection
 * opened during the window) counts with all of its CPU; one gone by the end is lost (its
 * part is missing, so the figure errs low, never high).
 */
export function cpuBetween(before: CpuSample, after: CpuSample): CpuSpent {
  let postgresMs = 0;
  for (const [pid, ms] of after.postgres) postgresMs += ms - (before.postgres.get(pid) ?? 0);
  return { serverMs: after.server - before.server, postgresMs };
}

/** Runs `work` and answers what it returned with the CPU spent meanwhile. */
export async function withCpu<T>(
  serverPid: number,
  database: BenchDatabase,
  work: () => Promise<T>,
): Promise<{ result: T; cpu: CpuSpent }> {
  const before = await sampleCpu(serverPid, database);
  const result = await work();
  const after = await sampleCpu(serverPid, database);
  return { result, cpu: cpuBetween(before, after) };
}

/** CPU per request in µs, of the server, of PostgreSQL and together. */
export interface CpuPerRequest {
  serverUs: number;
  postgresUs: number;
  totalUs: number;
}

export function perRequest(cpu: CpuSpent, requests: number): CpuPerRequest {
  const us = (ms: number) => (requests > 0 ? Math.round((ms * 1000) / requests) : Number.NaN);
  return {
    serverUs: us(cpu.serverMs),
    postgresUs: us(cpu.postgresMs),
    totalUs: us(cpu.serverMs + cpu.postgresMs),
  };
}

/** Idle and total clock ticks of all CPUs so far (/proc/stat's first line). */
function cpuTicks(): { idle: number; total: number } {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  // cpu user nice system idle iowait irq softirq steal …
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { idle, total: ticks.reduce((sum, value) => sum + value, 0) };
}

/**
 * Waits until the machine is quiet: a whole second in which the CPUs were idle at least
 * `idleShare` of the time, or `timeoutMs` (bench/README.md "Order of the parts"). The load
 * tests' latencies move with whatever else runs (an earlier part's browser, a build, the
 * server's own start); answers the idle share of the last second.
 */
export async function waitForQuietCpu(idleShare = 0.9, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let share = 0;
  do {
    const before = cpuTicks();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = cpuTicks();
    share = (after.idle - before.idle) / Math.max(1, after.total - before.total);
  } while (share < idleShare && Date.now() < deadline);
  return share;
}
