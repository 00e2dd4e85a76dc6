import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "vite";
import { serverRoot } from "../paths";

const runtimeRoot = path.resolve(serverRoot, "../runtime");

/**
 * Builds the real visitor runtime (browser bundle with its manifest, then the server
 * renderer) into a fresh temporary folder, for tests of the pages — never into
 * apps/runtime/dist, which other processes may be reading. `embed.js` and `embed-ui.js`
 * are stand-ins (their own build writes to a fixed folder); the headers are what is tested.
 * Answers the folder, for RUNTIME_DIST_DIR.
 */
export async function buildRuntimeForTests(): Promise<string> {
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
  const filler = `/* ${"stand-in for the embed loader in tests ".repeat(60)} */`;
  writeFileSync(path.join(outDir, "embed.js"), `(function(){window.LeadquizTest=1})();${filler}`);
  writeFileSync(path.join(outDir, "embed-ui.js"), `(function(){})();${filler}`);
  return outDir;
}
