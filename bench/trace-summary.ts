/**
 * Where a page's main thread spent its time, from a Chromium trace (as `BENCH_EDITOR_TRACE`
 * records): `npx tsx bench/trace-summary.ts trace.json [from-ms until-ms]`. Prints the
 * renderer main thread's time by trace event (self time, nested events subtracted) and the
 * sampled CPU profile's time by script file and by function, between `from-ms` and
 * `until-ms` after the navigation's start (default: the whole trace).
 */
import { readFileSync } from "node:fs";

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: Record<string, unknown>;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number; columnNumber?: number };
}

function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const named = events.filter(
    (event) => event.name === "thread_name" && event.args?.name === "CrRendererMain",
  );
  // The renderer with the most top-level tasks is the page's (not an extension's).
  let best = { pid: 0, tid: 0, count: -1 };
  for (const thread of named) {
    const count = events.filter(
      (event) => event.pid === thread.pid && event.tid === thread.tid && event.ph === "X",
    ).length;
    if (count > best.count) best = { pid: thread.pid, tid: thread.tid, count };
  }
  return best;
}

function profileStart(events: TraceEvent[], pid: number): number {
  const profile = events.find((event) => event.name === "Profile" && event.pid === pid);
  return (profile?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0;
}

function top<T>(entries: Map<T, number>, count: number): [T, number][] {
  return [...entries].sort((a, b) => b[1] - a[1]).slice(0, count);
}

function main(): void {
  const [file, fromArg, untilArg] = process.argv.slice(2);
  if (!file) throw new Error("usage: trace-summary.ts trace.json [from-ms until-ms]");
  const parsed = JSON.parse(readFileSync(file, "utf8")) as
    | TraceEvent[]
    | { traceEvents: TraceEvent[] };
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const { pid, tid } = mainThread(events);
  const navigation = events.find((event) => event.name === "navigationStart" && event.pid === pid);
  const start = navigation?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const from = start + Number(fromArg ?? 0) * 1000;
  const until = untilArg ? start + Number(untilArg) * 1000 : Number.POSITIVE_INFINITY;

  // Self time per event name on the main thread (complete events, nested by time).
  const own = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.dur !== undefined)
    .filter((e) => e.ts >= from && e.ts < until)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: { event: TraceEvent; end: number }[] = [];
  let busy = 0;
  for (const event of own) {
    const end = event.ts + (event.dur ?? 0);
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= event.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.event.name, (self.get(parent.event.name) ?? 0) - (event.dur ?? 0));
    else busy += event.dur ?? 0;
    self.set(event.name, (self.get(event.name) ?? 0) + (event.dur ?? 0));
    stack.push({ event, end });
  }
  print(`main thread busy: ${(busy / 1000).toFixed(0)} ms`);
  for (const [name, us] of top(self, 25)) print(`  ${(us / 1000).toFixed(1)} ms  ${name}`);

  // The sampled CPU profile (ProfileChunk events of the page's renderer).
  const nodes = new Map<number, ProfileNode>();
  const byUrl = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let time = 0;
  for (const event of events) {
    if (event.name !== "ProfileChunk" || event.pid !== pid) continue;
    const data = event.args?.data as
      | {
          cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
          timeDeltas?: number[];
        }
      | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    // The deltas run on from the start time of the profile's "Profile" event.
    if (time === 0) time = profileStart(events, pid);
    samples.forEach((id, index) => {
      time += deltas[index] ?? 0;
      const node = nodes.get(id);
      if (!node || time < from || time >= until) return;
      const url =
        (node.callFrame.url ?? "").replace(/^.*\//, "") || `(${node.callFrame.functionName})`;
      const delta = deltas[index + 1] ?? 0;
      byUrl.set(url, (byUrl.get(url) ?? 0) + delta);
      const name = `${node.callFrame.functionName || "(anonymous)"} ${url}:${node.callFrame.lineNumber ?? ""}:${node.callFrame.columnNumber ?? ""}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
    });
  }
  print("CPU profile by script file:");
  for (const [url, us] of top(byUrl, 25)) print(`  ${(us / 1000).toFixed(1)} ms  ${url}`);
  print("CPU profile by function (self):");
  for (const [name, us] of top(byFunction, 30)) print(`  ${(us / 1000).toFixed(1)} ms  ${name}`);
}

main();
