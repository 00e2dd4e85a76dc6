import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PublicQuiz } from "@leadquiz/contract";
import type { VisitorTexts } from "@leadquiz/i18n/visitor/types";
import type { FastifyBaseLogger } from "fastify";
import { serverRoot } from "../../paths";

/** apps/runtime/dist: `npm run build -w @leadquiz/runtime` then `build:embed`. */
export const defaultRuntimeDistDir = path.resolve(serverRoot, "../runtime/dist");

/** `renderQuizToString` of `@leadquiz/runtime/server`, as the SSR bundle exports it. */
export type RenderQuiz = (quiz: PublicQuiz, texts: VisitorTexts) => string;

export interface StaticFile {
  body: Buffer;
  etag: string;
}

/** What the pages need from the built runtime. */
export interface RuntimeBuild {
  /** Names this build in validators (pages rendered with it): its entry and renderer. */
  id: string;
  /** `/runtime/assets/runtime-….js`: the browser entry (a module script). */
  entryUrl: string;
  /**
   * `/runtime/assets/screens-….js`: the later screens (a question, the form, the results),
   * loaded by the entry when needed; a page whose first screen is one preloads it.
   */
  screensUrl?: string | undefined;
  /**
   * `/runtime/assets/frame-….js`: the embed protocol, loaded by the entry only in the embed's
   * iframe (`?embed=1`), whose page preloads it.
   */
  frameUrl?: string | undefined;
  /** The runtime's stylesheet, inlined into every page (about 2 KB gzipped). */
  css: string;
  render: RenderQuiz;
}

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  css?: string[];
}

/** Where the runtime's hashed files are served (immutable). */
export const RUNTIME_ASSETS_PREFIX = "/runtime/assets/";

/** A file's modification time, 0 when it does not exist. */
function modifiedAt(file: string): number {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

/**
 * The built visitor runtime in `dir`: the browser entry and stylesheet from
 * `.vite/manifest.json`, the server renderer from `server/server.js` (vite.ssr.config.ts),
 * and `embed.js` / `embed-ui.js`. Loaded lazily and kept; while something is missing it
 * is looked for again at most every few seconds, so a build finished after the start is
 * picked up. A rebuild is picked up too (a new manifest or renderer, a changed file): the
 * runtime's dev mode rebuilds its parts one by one while the server runs.
 */
export function createRuntimeAssets(
  dir: string,
  log: FastifyBaseLogger,
  clock: () => number = Date.now,
) {
  const manifestFile = path.join(dir, ".vite", "manifest.json");
  const ssrFile = path.join(dir, "server", "server.js");
  let build: RuntimeBuild | undefined;
  let builtFrom = "";
  let lastTry = 0;
  let lastCheck = 0;
  let warned = false;
  const staticFiles = new Map<string, StaticFile & { modified: number }>();

  async function load(): Promise<RuntimeBuild | undefined> {
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<
      string,
      ManifestChunk
    >;
    const chunks = Object.values(manifest);
    const entry = chunks.find((chunk) => chunk.isEntry && chunk.file.endsWith(".js"));
    const cssFile =
      entry?.css?.[0] ?? chunks.find((chunk) => chunk.file.endsWith(".css"))?.file ?? undefined;
    if (!entry || !cssFile || !existsSync(ssrFile)) return undefined;
    const screens = chunks.find((chunk) => chunk.name === "screens" && chunk.file.endsWith(".js"));
    const frame = chunks.find((chunk) => chunk.name === "frame" && chunk.file.endsWith(".js"));
    const css = readFileSync(path.join(dir, cssFile), "utf8");
    const ssr = (await import(
      /* @vite-ignore */ `${pathToFileURL(ssrFile).href}?v=${statSync(ssrFile).mtimeMs}`
    )) as { renderQuizToString?: RenderQuiz };
    if (typeof ssr.renderQuizToString !== "function") return undefined;
    const ssrStamp = statSync(ssrFile).mtimeMs;
    return {
      id: createHash("sha256")
        .update(`${entry.file}:${cssFile}:${ssrStamp}`)
        .digest("base64url")
        .slice(0, 10),
      entryUrl: `${RUNTIME_ASSETS_PREFIX}${path.basename(entry.file)}`,
      screensUrl: screens && `${RUNTIME_ASSETS_PREFIX}${path.basename(screens.file)}`,
      frameUrl: frame && `${RUNTIME_ASSETS_PREFIX}${path.basename(frame.file)}`,
      css,
      render: ssr.renderQuizToString,
    };
  }

  return {
    dir,
    /** The build, or undefined (logged once) while the runtime is not built. */
    async current(): Promise<RuntimeBuild | undefined> {
      const now = clock();
      // A loaded build is looked at again (two stat calls) at most once a second.
      if (build && now - lastCheck < 1000) return build;
      lastCheck = now;
      const manifestTime = modifiedAt(manifestFile);
      const version = `${manifestTime}:${modifiedAt(ssrFile)}`;
      if (build && version === builtFrom) return build;
      if (!build && now - lastTry < 3000) return undefined;
      lastTry = now;
      try {
        const loaded = manifestTime ? await load() : undefined;
        if (loaded) {
          build = loaded;
          builtFrom = version;
          staticFiles.clear();
          return build;
        }
      } catch (error) {
        log.warn({ err: error, dir }, "the visitor runtime build could not be read");
      }
      if (!warned) {
        warned = true;
        log.warn(
          { dir },
          "visitor runtime not built: /q/…, /l/… and /embed.js answer 503 " +
            "(npm start builds it; or npm run build -w @leadquiz/runtime && " +
            "npm run build:embed -w @leadquiz/runtime)",
        );
      }
      return build;
    },

    /**
     * The build `current` answered less than a second ago, at once; undefined otherwise
     * (then `current` looks at the files again). For the fast reads (plugins/fast-reads.ts).
     */
    peek(): RuntimeBuild | undefined {
      return build && clock() - lastCheck < 1000 ? build : undefined;
    },

    /** A file of the build (`assets/x.js`, `embed.js`), read again only when it changed. */
    file(relative: string): StaticFile | undefined {
      const full = path.join(dir, relative);
      if (!full.startsWith(dir + path.sep)) return undefined;
      const modified = modifiedAt(full);
      if (!modified) return undefined;
      const cached = staticFiles.get(relative);
      if (cached?.modified === modified) return cached;
      const body = readFileSync(full);
      const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
      const file = { body, etag, modified };
      staticFiles.set(relative, file);
      return file;
    },
  };
}

export type RuntimeAssets = ReturnType<typeof createRuntimeAssets>;
