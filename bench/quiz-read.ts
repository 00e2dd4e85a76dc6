import { writeFileSync } from "node:fs";
import { get } from "node:http";
import path from "node:path";
import { API_PREFIX, apiPaths } from "@leadquiz/contract";
import { getLoad, type LoadResult, type LoadSettings } from "./load";
import { type Child, freePort, sleep, startChild, waitForHttp } from "./support";

export interface QuizReadResults {
  settings: LoadSettings;
  /** What one answer carried: its encoding and size in bytes. */
  encoding: string;
  bytes: number;
  ours: LoadResult;
  ceiling: LoadResult;
  ratio: number;
}

/**
 * `GET public/quiz/{key}/` of the typical quiz on a cache hit (docs/speed.md "Published
 * quiz cache"), against a bare Fastify route answering the same bytes (constant-server.ts),
 * both with `Accept-Encoding: br`, one after the other in the same run.
 */
export async function measureQuizRead(options: {
  base: string;
  publicKey: string;
  settings: LoadSettings;
  workDir: string;
  at: (file: string) => string;
  track: (child: Child | undefined) => void;
}): Promise<QuizReadResults> {
  const url = `${options.base}${API_PREFIX}${apiPaths.publicQuiz(options.publicKey)}`;
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
  const bodyFile = path.join(options.workDir, "quiz-read-body");
  writeFileSync(bodyFile, raw);

  const ours = await getLoad("quiz read (ours)", url, headers, options.settings);
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
    },
  );
  options.track(constant);
  try {
    await waitForHttp(`http://127.0.0.1:${port}/health`, constant, 60_000);
    await sleep(1000);
    const ceiling = await getLoad(
      "quiz read (constant)",
      `http://127.0.0.1:${port}/constant`,
      headers,
      options.settings,
    );
    const problems = [ours, ceiling]
      .filter((r) => r.non2xx + r.errors > 0)
      .map((r) => `${r.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    if (problems.length > 0) throw new Error(problems.join("; "));
    return {
      settings: options.settings,
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
    `\`GET public/quiz/{key}/\` of the typical quiz with \`Accept-Encoding: br\` (${r.bytes} bytes ` +
      `${r.encoding || "uncompressed"} per answer), ${r.settings.connections} connections, ` +
      `${r.settings.durationSeconds} s after ${r.settings.warmupSeconds} s of warm-up; the ` +
      "constant server answers the same bytes from a bare Fastify route (bench/constant-server.ts).",
    "",
    "| server | req/s | p50 ms | p99 ms | non-2xx |",
    "|---|---:|---:|---:|---:|",
    row("ours (cache hit)", r.ours),
    row("constant body", r.ceiling),
    "",
    `**Ratio ours / constant: ${Math.round(r.ratio * 100)} %** (aim ≥ 70 %).`,
    "",
  ];
}
