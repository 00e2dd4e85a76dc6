import type { Plugin, Rolldown } from "vite";

/**
 * V8's explicit compile hint (Chromium 136 and later): a file that starts with this comment
 * has every function compiled at once, on the background thread that parses the file as
 * it streams in, instead of each function on the main thread the first time it is called.
 * Other browsers read a comment (docs/speed.md "Owner app delivery").
 */
export const EAGER_COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/** What the first screens run: chunks worth compiling whole before they are called. */
export interface FirstScreenScripts {
  /** Chunks by their `codeSplitting` group name (the libraries every page starts with). */
  groups: readonly string[];
  /** Source modules whose own chunk a first screen runs (a page, a layout, a provider). */
  modules: readonly string[];
}

/** Whether `chunk` is one the first screens run: the entry, a named group, a named module. */
export function runsOnFirstScreen(
  chunk: Pick<Rolldown.OutputChunk, "isEntry" | "name" | "facadeModuleId">,
  scripts: FirstScreenScripts,
): boolean {
  if (chunk.isEntry || scripts.groups.includes(chunk.name)) return true;
  const facade = chunk.facadeModuleId?.replaceAll("\\", "/");
  return facade !== undefined && scripts.modules.some((module) => facade.endsWith(module));
}

/**
 * A source map's `mappings` with one line put before the code: the new line maps to
 * nothing (`;` ends a line of the generated file), every other line keeps its mappings.
 */
export const mappingsAfterOneLine = (mappings: string) => `;${mappings}`;

/**
 * Vite plugin: the hint on the first line of each first-screen chunk, with the chunk's
 * source map moved down a line. It runs last, after Vite has put its own first lines in
 * (the dynamic imports' list of files), since the hint counts only on the file's first
 * line. The rest of the app (other pages, dictionaries, rarely opened dialogs) stays
 * compiled lazily: compiling code that never runs would cost the background threads and
 * memory. The file names' hashes do not include the hint, a comment.
 */
export function eagerCompileHints(scripts: FirstScreenScripts): Plugin {
  return {
    name: "leadquiz-compile-hints",
    apply: "build",
    enforce: "post",
    generateBundle: {
      // After Vite's own generateBundle hooks: its import analysis puts the dynamic imports'
      // list of files on top of a chunk there.
      order: "post",
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== "chunk" || !runsOnFirstScreen(output, scripts)) continue;
          output.code = `${EAGER_COMPILE_HINT}\n${output.code}`;
          if (output.map) output.map.mappings = mappingsAfterOneLine(output.map.mappings);
          const mapFile = bundle[`${output.fileName}.map`];
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
