import { readFileSync } from "node:fs";
import path from "node:path";
import { addSizes, type Size, sizeOf } from "./sizes";
import { at } from "./support";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface OwnerRouteChunk extends Size {
  /** The module a route loads on demand (its page). */
  module: string;
  /** Its files not already in the initial load (the chunk and what it imports). */
  files: string[];
}

export interface OwnerAppSizes {
  /** JavaScript of the first load: the entry and its static imports. */
  initialFiles: string[];
  initialJs: Size;
  initialCss: Size;
  /** Each route's lazy chunk, with what it adds to the initial load. */
  routes: OwnerRouteChunk[];
}

/**
 * The owner app (apps/web) as built, from its Vite manifest: the initial JavaScript (entry
 * plus static imports) and, for each page the router loads on demand, the JavaScript it
 * adds (its chunk and the shared chunks it imports that the entry did not load).
 */
export function ownerAppSizes(dist = at("apps/web/dist")): OwnerAppSizes {
  const manifest = JSON.parse(
    readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8"),
  ) as Record<string, ManifestChunk>;
  const read = (file: string) => readFileSync(path.join(dist, file));
  /** A chunk's file and its static imports' files, transitively. */
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry === true);
  if (!entry) throw new Error("the web app manifest has no entry");
  const [entryKey, entryChunk] = entry;
  const initial = closure(entryKey);
  const initialFiles = [...initial];
  const css = [
    ...new Set(
      initialFiles.flatMap((file) => {
        const chunk = Object.values(manifest).find((c) => c.file === file);
        return chunk?.css ?? [];
      }),
    ),
  ];
  const routes = [...new Set(entryChunk.dynamicImports ?? [])]
    .map((key): OwnerRouteChunk => {
      const files = [...closure(key)].filter((file) => !initial.has(file));
      return {
        module: manifest[key]?.src ?? key,
        files,
        ...addSizes(files.map((file) => sizeOf(read(file)))),
      };
    })
    .sort((a, b) => b.gzip - a.gzip);
  return {
    initialFiles,
    initialJs: addSizes(initialFiles.map((file) => sizeOf(read(file)))),
    initialCss: addSizes(css.map((file) => sizeOf(read(file)))),
    routes,
  };
}
