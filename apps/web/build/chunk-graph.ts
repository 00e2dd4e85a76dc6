import type { Rolldown } from "vite";

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The chunk whose facade is the source module `moduleId` (a path from the app's root). */
export function chunkOf(bundle: OutputBundle, moduleId: string): OutputChunk | undefined {
  return Object.values(bundle).find(
    (output): output is OutputChunk =>
      output.type === "chunk" && output.facadeModuleId?.endsWith(moduleId) === true,
  );
}

/** The build's entry chunk. */
export function entryChunk(bundle: OutputBundle): OutputChunk | undefined {
  return Object.values(bundle).find(
    (output): output is OutputChunk => output.type === "chunk" && output.isEntry,
  );
}

/** A chunk's file with its static imports' files, transitively: what loads with it. */
export function staticClosure(bundle: OutputBundle, fileName: string, into = new Set<string>()) {
  const chunk = bundle[fileName];
  if (chunk?.type !== "chunk" || into.has(fileName)) return into;
  into.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, into);
  return into;
}
