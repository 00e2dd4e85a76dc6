import { writeFileSync } from "node:fs";
import { get } from "node:http";
import path from "node:path";
import { API_PREFIX } from "@leadquiz/contract";
import { apiPaths } from "../apps/server/src/test-support/api-paths";
import { getLoad, type LoadResult, type LoadSettings } from "./load";
import { TARGETS } from "./summary";
import { type Child, freePort, sleep, startChild, waitForHttp } from "./support";

export interface QuizReadTarget {
  /** What was read: the API call or the hosted page. */
  name: string;
  /** What one answer carried: its encoding and size in bytes. */
  encoding: string;
  bytes: number;
  ours: LoadResult;
  ceiling: LoadResult;
  ratio: number;
}

export interface QuizReadResults {
  settings: LoadSettings;
  targets: QuizReadTarget[];
}

/**
 * `GET public/quiz/{key}/` of the typical quiz on a cache hit (docs/speed.md "Published
 * quiz cache"), against a bare Fastify route answering the same bytes (constant-server.ts),
 * both with `Accept-Encoding: br`, one after the other in the same run.
 */
interface QuizReadOptions {
  base: string;
  publicKey: string;
  settings: LoadSettings;
  workDir: string;
  at: (file: string) => string;
  track: (child: Child | undefined) => void;
}

export async function measureQuizRead(options: QuizReadOptions): Promise<QuizReadResults> {
  const api = `${options.base}${API_PREFIX}${apiPaths.publicQuiz(options.publicKey)}`;
  const hosted = `${options.base}/q/${options.publicKey}`;
  return {
    settings: options.settings,
    targets: [
      await measureTarget("`GET public/quiz/{key}/`", api, options),
      await measureTarget("`GET /q/{key}` (hosted page)", hosted, options),
    ],
  };
}

async function measureTarget(
  name: string,
  url: string,
  options: QuizReadOptions,
): Promise<QuizReadTarget> {
  const headers = { "accept-encoding": "br" };
  const first = await fetch(url, { headers });
  if (first.status !== 200) throw new Error(`GET ${url} answered ${first.status}`);
  // fetch decodes the body; the constant server needs the bytes as sent.
  const raw = await new Promise<Buffer>((resolve, reject) => {
    get(url, { headers }, (response) => {
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => resolve(Buffer.concat(parts)));
      response.on("error", reject);
    }).on("error", reject);
  });
  const encoding = first.headers.get("content-encoding") ?? "";
  const bodyFile = path.join(options.workDir, `quiz-read-body-${raw.length}`);
  writeFileSync(bodyFile, raw);

  const contentType = first.headers.get("content-type") ?? "application/json";
  const ours = await getLoad(`${url} (ours)`, url, headers, options.settings);
  const port = await freePort();
  const constant = startChild(
    "the constant server",
    process.execPath,
    ["--import", "tsx", options.at("bench/constant-server.ts")],
    {
      ...process.env,
      PORT: String(port),
      CONSTANT_BODY_FILE: bodyFile,
      CONSTANT_CONTENT_ENCODING: encoding,
      CONSTANT_CONTENT_TYPE: contentType,
    },
  );
  options.track(constant);
  try {
    await waitForHttp(`http://127.0.0.1:${port}/health`, constant, 60_000);
    await sleep(1000);
    const ceiling = await getLoad(
      `${url} (constant)`,
      `http://127.0.0.1:${port}/constant`,
      headers,
      options.settings,
    );
    const problems = [ours, ceiling]
      .filter((r) => r.non2xx + r.errors > 0)
      .map((r) => `${r.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    if (problems.length > 0) throw new Error(problems.join("; "));
    return {
      name,
      encoding,
      bytes: raw.length,
      ours,
      ceiling,
      ratio: ours.requestsPerSecond / ceiling.requestsPerSecond,
    };
  } finally {
    await constant.stop();
    options.track(undefined);
  }
}

export function renderQuizRead(r: QuizReadResults): string[] {
  const row = (name: string, l: LoadResult) =>
    `| ${name} | ${Math.round(l.requestsPerSecond)} | ${l.latencyMs.p50} | ${l.latencyMs.p99} | ${l.non2xx} |`;
  return [
    "## Published quiz read (cache hit)",
    "",
    `The typical quiz read with \`Accept-Encoding: br\`, ${r.settings.connections} connections, ` +
      `${r.settings.durationSeconds} s after ${r.settings.warmupSeconds} s of warm-up; the ` +
      "constant server answers the same bytes from a bare Fastify route (bench/constant-server.ts).",
    "",
    "| server | req/s | p50 ms | p99 ms | non-2xx |",
    "|---|---:|---:|---:|---:|",
    ...r.targets.flatMap((t) => [
      row(`${t.name}, ours (${t.bytes} bytes ${t.encoding || "plain"})`, t.ours),
      row(`${t.name}, constant body`, t.ceiling),
    ]),
    "",
    ...r.targets.map(
      (t) =>
        `**${t.name}: ours / constant ${Math.round(t.ratio * 100)} %** (aim ≥ ${Math.round(TARGETS.quizRead.limit * 100)} %).`,
    ),
    "",
  ];
}
