import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PublicQuiz } from "@leadquiz/contract";
import type { VisitorTexts } from "@leadquiz/i18n/visitor/types";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createRuntimeAssets } from "./runtime-assets";

/** A stand-in runtime build: manifest, stylesheet, server renderer, embed loader. */
function writeBuild(dir: string, version: string, when: Date) {
  const write = (relative: string, body: string) => {
    const full = path.join(dir, relative);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, body);
    utimesSync(full, when, when);
  };
  write(`assets/runtime-${version}.css`, `.lq-root{--v:"${version}"}`);
  write(
    "server/server.js",
    `export const renderQuizToString = () => "<p>renderer ${version}</p>";\n`,
  );
  write("embed.js", `/* loader ${version} */`);
  write(
    ".vite/manifest.json",
    JSON.stringify({
      "src/browser.ts": {
        file: `assets/runtime-${version}.js`,
        isEntry: true,
        css: [`assets/runtime-${version}.css`],
      },
    }),
  );
}

const quiz = {} as PublicQuiz; // the stand-in renderer reads neither argument
const texts = {} as VisitorTexts;

describe("the runtime build", () => {
  it("is picked up again, part by part, when it is rebuilt while the server runs", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "leadquiz-runtime-assets-")), "dist");
    writeBuild(dir, "one", new Date(2026, 0, 1));
    // A rebuild is looked for at most once a second: the clock moves on between reads.
    let now = 10_000;
    const clock = () => {
      now += 1000;
      return now;
    };
    const assets = createRuntimeAssets(dir, pino({ level: "silent" }), clock);
    const first = await assets.current();
    expect(first?.entryUrl).toBe("/runtime/assets/runtime-one.js");
    expect(first?.render(quiz, texts)).toBe("<p>renderer one</p>");
    const firstLoader = assets.file("embed.js");
    expect(firstLoader?.body.toString()).toBe("/* loader one */");

    // The dev mode rebuilds each part on its own: here only the server renderer.
    writeFileSync(
      path.join(dir, "server/server.js"),
      'export const renderQuizToString = () => "<p>renderer 1b</p>";\n',
    );
    expect((await assets.current())?.render(quiz, texts)).toBe("<p>renderer 1b</p>");

    writeBuild(dir, "two", new Date(2026, 0, 2));
    const second = await assets.current();
    expect(second?.entryUrl).toBe("/runtime/assets/runtime-two.js");
    expect(second?.id).not.toBe(first?.id);
    expect(second?.render(quiz, texts)).toBe("<p>renderer two</p>");
    expect(second?.css).toContain('"two"');
    const loader = assets.file("embed.js");
    expect(loader?.body.toString()).toBe("/* loader two */");
    expect(loader?.etag).not.toBe(firstLoader?.etag);
  });
});
