// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { pinLoaderOrigin } from "@leadquiz/contract/embed-loader-origin";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedLoader } from "../../vite.embed.config";

/**
 * `/embed.js` as `npm run build:embed` makes it, in a temporary folder. It runs on pages we
 * do not control, so its size is a budget (docs/adr/0008): at most 2 KB gzipped (-9), one
 * file and no stylesheet.
 */
const LOADER_BUDGET_BYTES = 2 * 1024;
const runtimeRoot = path.resolve(import.meta.dirname, "../..");

let outDir: string;

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), "leadquiz-embed-build-"));
  await build({
    ...embedLoader,
    configFile: false,
    root: runtimeRoot,
    logLevel: "silent",
    build: { ...embedLoader.build, outDir, emptyOutDir: true },
  });
}, 120_000);

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

describe("the embed loader's build", () => {
  it("is one script, no stylesheet", () => {
    expect(readdirSync(outDir)).toEqual(["embed.js"]);
  });

  // docs/embed.md "Origins": the owner app's copy for old snippets names the visitor origin.
  it("has the one origin expression the server pins for the owner app's copy", () => {
    const built = readFileSync(path.join(outDir, "embed.js"), "utf8");
    const pinned = pinLoaderOrigin(built, "https://example-quiz.com");
    expect(pinned).toBeDefined();
    expect(pinned).toContain('"https://example-quiz.com"');
    expect(pinned).not.toContain("location.href).origin");
  });

  it("is at most 2 KB gzipped", () => {
    const gzipped = gzipSync(readFileSync(path.join(outDir, "embed.js")), { level: 9 }).length;
    expect(gzipped).toBeLessThanOrEqual(LOADER_BUDGET_BYTES);
  });
});
