import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type InlineConfig } from "vite";
import { serverRoot } from "../paths";

const runtimeRoot = path.resolve(serverRoot, "../runtime");

/**
 * Builds the real visitor runtime (browser bundle with its manifest, then the server
 * renderer, then the embed loader `embed.js` as `npm run build:embed` makes it) into a fresh
 * temporary folder, for tests of the pages — never into apps/runtime/dist, which other
 * processes may be reading. `embed-ui.js` is a stand-in (its build writes to a fixed
 * folder); its headers are what is tested. Answers the folder, for RUNTIME_DIST_DIR.
 * Built once per Vitest worker (module scope: the server project does not isolate files);
 * the tests only read it (one that needs changes copies it first).
 */
export function buildRuntimeForTests(): Promise<string> {
  built ??= buildRuntime();
  return built;
}

let built: Promise<string> | undefined;

async function buildRuntime(): Promise<string> {
  const outDir = path.join(mkdtempSync(path.join(tmpdir(), "leadquiz-runtime-")), "dist");
  await build({
    root: runtimeRoot,
    configFile: path.join(runtimeRoot, "vite.config.ts"),
    logLevel: "silent",
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  await build({
    root: runtimeRoot,
    configFile: path.join(runtimeRoot, "vite.ssr.config.ts"),
    logLevel: "silent",
    build: { outDir: path.join(outDir, "server"), emptyOutDir: true },
  });
  // The loader's own build options (apps/runtime/vite.embed.config.ts), read at run time.
  const { embedLoader } = (await import(
    pathToFileURL(path.join(runtimeRoot, "vite.embed.config.ts")).href
  )) as { embedLoader: InlineConfig };
  await build({
    ...embedLoader,
    configFile: false,
    root: runtimeRoot,
    logLevel: "silent",
    build: { ...embedLoader.build, outDir, emptyOutDir: false },
  });
  const filler = `/* ${"stand-in for the embed UI in tests ".repeat(60)} */`;
  writeFileSync(path.join(outDir, "embed-ui.js"), `(function(){})();${filler}`);
  return outDir;
}
