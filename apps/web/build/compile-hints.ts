import type { Plugin } from "vite";
import { chunkOf, entryChunk, staticClosure } from "./chunk-graph";

/**
 * V8's explicit compile hint (Chromium 136 and later): a file that starts with this comment
 * has every function compiled at once, on the background thread that parses the file as
 * it streams in, instead of each function on the main thread the first time it is called.
 * Other browsers read a comment (docs/speed.md "Owner app delivery").
 */
export const EAGER_COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * A source map's `mappings` with one line put before the code: the new line maps to
 * nothing (`;` ends a line of the generated file), every other line keeps its mappings.
 */
export const mappingsAfterOneLine = (mappings: string) => `;${mappings}`;

/**
 * Vite plugin: the hint on the first line of every chunk the first screens run — the
 * entry's and each of `firstScreenModules`' chunks with their static imports — with the
 * chunk's source map moved down a line. The rest of the app (other pages, dictionaries,
 * dialogs) stays compiled lazily: compiling code that never runs costs the background
 * threads and memory. The file names' hashes do not include the hint, a comment.
 */
export function eagerCompileHints(firstScreenModules: readonly string[]): Plugin {
  return {
    name: "leadquiz-compile-hints",
    apply: "build",
    generateBundle: {
      // After Vite's own generateBundle hooks: its import analysis puts a list of the
      // dynamic imports' files on a chunk's first line, and the hint counts only there.
      order: "post",
      handler(_options, bundle) {
        const entry = entryChunk(bundle);
        if (!entry) this.error("compile hints: the build has no entry");
        const hinted = staticClosure(bundle, entry.fileName);
        for (const moduleId of firstScreenModules) {
          const chunk = chunkOf(bundle, moduleId);
          if (!chunk) this.error(`compile hints: no chunk for ${moduleId}`);
          staticClosure(bundle, chunk.fileName, hinted);
        }
        for (const fileName of hinted) {
          const chunk = bundle[fileName];
          if (chunk?.type !== "chunk") continue;
          chunk.code = `${EAGER_COMPILE_HINT}\n${chunk.code}`;
          if (chunk.map) chunk.map.mappings = mappingsAfterOneLine(chunk.map.mappings);
          const mapFile = bundle[`${fileName}.map`];
          if (mapFile?.type === "asset") {
            const map = JSON.parse(String(mapFile.source)) as { mappings: string };
            map.mappings = mappingsAfterOneLine(map.mappings);
            mapFile.source = JSON.stringify(map);
          }
        }
      },
    },
  };
}
