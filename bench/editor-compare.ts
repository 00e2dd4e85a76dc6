/**
 * Compares the editor's opening between two builds of the owner app, interleaved:
 * `npx tsx bench/editor-compare.ts <other-web-dist> [openings]` starts two servers on one
 * fresh database — one serving `<other-web-dist>` (for example a copy of apps/web/dist
 * built from main), one this work tree's apps/web/dist — and opens the 50-question editor
 * on each in turn, the order swapped every round, as the editor part of `npm run bench`
 * does (4× CPU). On this 2-core machine the load moves a single run's figures more than
 * most changes do; openings side by side see the same load (docs/editor.md "Start time").
 */
import path from "node:path";
import { API_PREFIX } from "@leadquiz/contract";
import { chromium } from "@playwright/test";
import { apiPaths } from "../apps/server/src/test-support/api-paths";
import {
  createLargeQuiz,
  type EditorOpening,
  openToInteractive,
  profileLanguage,
} from "./editor-speed";
import {
  ADMIN_DATABASE_URL,
  at,
  benchServerEnv,
  CHROMIUM_PATH,
  type Child,
  createBenchDatabase,
  freePort,
  log,
  median,
  startChild,
  waitForHttp,
} from "./support";
import { createTypicalQuiz } from "./typical-quiz";

async function startServer(name: string, databaseUrl: string, webDist?: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: Child = startChild(name, process.execPath, [at("scripts/start.mjs")], {
    // One data directory for both: it holds the signing secret, so one session opens both.
    ...benchServerEnv({ port, dataDir: at("bench/results/compare-data"), databaseUrl }),
    ...(webDist ? { WEB_DIST_DIR: path.resolve(webDist) } : {}),
  });
  await waitForHttp(`${base}${API_PREFIX}${apiPaths.health}`, child, 15 * 60_000);
  return { base, child };
}

function summary(name: string, openings: EditorOpening[]): string {
  const interactive = median(openings.map((opening) => opening.inputMs));
  const list = median(openings.map((opening) => opening.listMs));
  return `${name}: interactive ${interactive} ms, list rendered ${list} ms (medians of ${openings.length})`;
}

async function main(): Promise<void> {
  const [otherDist, runsArg] = process.argv.slice(2);
  if (!otherDist) throw new Error("usage: editor-compare.ts <other-web-dist> [openings]");
  const runs = Number(runsArg ?? 10);
  const database = await createBenchDatabase(ADMIN_DATABASE_URL);
  const servers: Child[] = [];
  try {
    // One after the other: the first applies the migrations.
    const other = await startServer("the other build's server", database.url, otherDist);
    servers.push(other.child);
    const ours = await startServer("this build's server", database.url);
    servers.push(ours.child);
    const { owner } = await createTypicalQuiz(ours.base, at("bench/results/compare-data"));
    const quizId = await createLargeQuiz(ours.base, owner);
    const language = await profileLanguage(ours.base, owner);
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ["--no-sandbox", "--disable-gpu"],
    });
    try {
      const sides = [
        { name: `other (${otherDist})`, base: other.base, openings: [] as EditorOpening[] },
        { name: "this work tree", base: ours.base, openings: [] as EditorOpening[] },
      ];
      // One unmeasured opening each, so no run pays for a server's first answers.
      for (const side of sides)
        await openToInteractive(browser, side.base, owner, language, quizId);
      for (let run = 1; run <= runs; run += 1) {
        const order = run % 2 === 1 ? sides : [...sides].reverse();
        for (const side of order) {
          side.openings.push(await openToInteractive(browser, side.base, owner, language, quizId));
        }
        log(
          `round ${run}: ${sides
            .map((side) => {
              const last = side.openings.at(-1);
              return `${side.name} ${last?.inputMs} ms (list ${last?.listMs}, load ${last?.load})`;
            })
            .join("; ")}`,
        );
      }
      for (const side of sides) log(summary(side.name, side.openings));
      // Each round's two openings saw about the same load: their difference is steadier
      // than either median.
      const [before, after] = sides;
      const differences = (after?.openings ?? []).map(
        (opening, index) => opening.inputMs - (before?.openings[index]?.inputMs ?? 0),
      );
      const faster = differences.filter((difference) => difference < 0).length;
      log(
        `this work tree − other, per round: median ${median(differences)} ms interactive; ` +
          `faster in ${faster} of ${differences.length} rounds`,
      );
    } finally {
      await browser.close();
    }
  } finally {
    for (const server of servers) await server.stop();
    await database.drop();
  }
}

await main();
