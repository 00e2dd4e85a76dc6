import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import {
  FONT_STYLESHEET,
  FONT_STYLESHEET_WEIGHTS,
  FONTS_PREFIX,
  type FontSlug,
  installedFonts,
} from "./font-catalogue";

const CSS_FILE = /^[a-z0-9-]+\.css$/;
const FONT_FILE = /^[a-z0-9-]+\.(woff2|woff)$/;
/** Every url() of a served stylesheet must be one of the package's own files. */
const URL_REFERENCE = /url\(([^)]*)\)/g;
const OWN_FILE_URL = /^\.\/files\/[a-z0-9-]+\.(woff2|woff)$/;
const CACHE_FOREVER = "public, max-age=31536000, immutable";

/**
 * Serves the fonts of fontlist from their npm packages (never a third-party CDN):
 * `/fonts/{slug}/{version}/font.css` (weights 400, 500, 700), any other stylesheet of the
 * package (`/fonts/{slug}/{version}/300-italic.css`) and its font files
 * (`/fonts/{slug}/{version}/files/{name}.woff2`). Only catalogue packages, only names of
 * plain letters, digits and hyphens (no path can leave the package), only the installed
 * version; cached for a year (the version is in the path). Stylesheets are checked to
 * reference nothing but the package's own files, relative to themselves.
 */
export async function fontsPlugin(app: FastifyInstance) {
  const fonts = installedFonts();

  const resolve = (slug: string, version: string) => {
    const font = fonts.get(slug as FontSlug);
    return font && font.version === version ? font : undefined;
  };

  app.get<{ Params: { slug: string; version: string; file: string } }>(
    `${FONTS_PREFIX}/:slug/:version/:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { slug, version, file } = request.params;
      const font = resolve(slug, version);
      if (!font || !CSS_FILE.test(file)) return reply.callNotFound();
      const names = file === FONT_STYLESHEET ? FONT_STYLESHEET_WEIGHTS : [file];
      const parts: string[] = [];
      for (const name of names) {
        const css = await readOptional(path.join(font.dir, name));
        if (css !== undefined) parts.push(css);
      }
      if (parts.length === 0) return reply.callNotFound();
      const css = parts.join("\n");
      if (!onlyOwnFiles(css)) {
        request.log.error({ slug, file }, "font stylesheet references a foreign URL");
        return reply.callNotFound();
      }
      return send(reply, "text/css; charset=utf-8", css);
    },
  );

  app.get<{ Params: { slug: string; version: string; file: string } }>(
    `${FONTS_PREFIX}/:slug/:version/files/:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { slug, version, file } = request.params;
      const font = resolve(slug, version);
      const match = FONT_FILE.exec(file);
      if (!font || !match) return reply.callNotFound();
      const bytes = await readOptional(path.join(font.dir, "files", file), null);
      if (bytes === undefined) return reply.callNotFound();
      return send(reply, match[1] === "woff2" ? "font/woff2" : "font/woff", bytes);
    },
  );
}

/** True when every url() of the stylesheet is one of the package's own font files. */
export function onlyOwnFiles(css: string): boolean {
  for (const match of css.matchAll(URL_REFERENCE)) {
    const target = (match[1] ?? "").trim().replace(/^['"]|['"]$/g, "");
    if (!OWN_FILE_URL.test(target)) return false;
  }
  return true;
}

function send(reply: FastifyReply, contentType: string, body: string | Buffer) {
  return reply
    .header("content-type", contentType)
    .header("cache-control", CACHE_FOREVER)
    .header("access-control-allow-origin", "*")
    .header("cross-origin-resource-policy", "cross-origin")
    .send(body);
}

async function readOptional(file: string): Promise<string | undefined>;
async function readOptional(file: string, encoding: null): Promise<Buffer | undefined>;
async function readOptional(
  file: string,
  encoding: "utf8" | null = "utf8",
): Promise<string | Buffer | undefined> {
  try {
    return encoding === null ? await readFile(file) : await readFile(file, encoding);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
