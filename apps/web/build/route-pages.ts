import type { Plugin } from "vite";
import { chunkOf, entryChunk, staticClosure } from "./chunk-graph";

/**
 * A copy of index.html for the addresses below `/{prefix}/`, naming the scripts their first
 * screen needs besides the entry's.
 */
export interface RoutePage {
  /** The first segment of the addresses it serves (`quiz` for `/quiz/12/questions`). */
  prefix: string;
  /** Source modules the route loads on demand (its layout, its default page…). */
  modules: readonly string[];
}

/** Where the pages go in the build: `routes/{prefix}.html` (apps/server's web-app.ts). */
export const routePagePath = (prefix: string) => `routes/${prefix}.html`;

/**
 * Vite plugin: writes `routes/{prefix}.html` for each page, index.html with a
 * `<link rel="modulepreload">` for every script its modules need that the entry does not
 * already name. Opened directly, such an address then fetches its route's scripts while
 * the entry's run, instead of after them: over an owner's line (100 ms, 20 Mbit/s) the
 * editor was interactive ~0.3 s sooner (docs/speed.md "Owner app delivery"). The server
 * sends the page for those addresses, index.html for the others.
 */
export function routePages(
  pages: readonly RoutePage[],
  /**
   * Source modules every page loads on demand at once (Mantine's provider, which the entry
   * imports dynamically so that its first script holds none of Mantine): named in
   * index.html and in every route page.
   */
  everyPage: readonly string[] = [],
): Plugin {
  return {
    name: "leadquiz-route-pages",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const index = bundle["index.html"];
      const entry = entryChunk(bundle);
      if (index?.type !== "asset" || !entry) {
        this.error("route pages: the build has no index.html or no entry");
      }
      const initial = staticClosure(bundle, entry.fileName);
      /** The scripts of `modules` beyond the entry's, each a modulepreload link. */
      const preloads = (modules: readonly string[], besides: ReadonlySet<string>) => {
        const files = new Set<string>();
        for (const moduleId of modules) {
          const chunk = chunkOf(bundle, moduleId);
          if (!chunk) this.error(`route pages: no chunk for ${moduleId}`);
          staticClosure(bundle, chunk.fileName, files);
        }
        const wanted = [...files].filter((file) => !initial.has(file) && !besides.has(file));
        return {
          files: new Set(wanted),
          links: wanted
            .sort()
            .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
            .join(""),
        };
      };
      const shared = preloads(everyPage, new Set());
      const html = String(index.source).replace("</head>", `${shared.links}  </head>`);
      index.source = html;
      for (const page of pages) {
        const { links } = preloads(page.modules, shared.files);
        this.emitFile({
          type: "asset",
          fileName: routePagePath(page.prefix),
          source: html.replace("</head>", `${links}  </head>`),
        });
      }
    },
  };
}
