import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { defaultWebDistDir } from "../paths";

export interface WebAppOptions {
  distDir: string | undefined;
}

/** Hashed file names: a changed file is a new address, so the browser may keep one forever. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** index.html names the current hashes: the browser asks again each time (ETag, 304). */
const REVALIDATE = "no-cache";
const COMPRESSED_COPY = /\.(br|gz)$/;

/** A route's prefix: the first segment of its addresses (`quiz` for `/quiz/12/questions`). */
const PREFIX = "[a-z][a-z-]*";
/** `routes/{prefix}.html` of the build: index.html naming a route's scripts (see below). */
const ROUTE_PAGE = new RegExp(`^(${PREFIX})\\.html$`);
/** An address below `/{prefix}/`. */
const BELOW_PREFIX = new RegExp(`^/(${PREFIX})/`);

/** The prefixes that have a page of their own in the build's `routes/` folder. */
function routePagePrefixes(root: string): Set<string> {
  const folder = path.join(root, "routes");
  if (!existsSync(folder)) return new Set();
  return new Set(
    readdirSync(folder).flatMap((name) => {
      const prefix = ROUTE_PAGE.exec(name)?.[1];
      return prefix ? [prefix] : [];
    }),
  );
}

/**
 * Serves the built owner app (apps/web/dist): hashed assets with long cache headers, and
 * index.html for every other GET that is not an API call (client-side routes); an address
 * below `/{prefix}/` gets `routes/{prefix}.html` when the build made one, index.html with
 * the route's scripts named for preloading (apps/web/build/route-pages.ts). Files are
 * routed one by one (wildcard off). The build writes brotli and gzip copies next to each
 * file (apps/web/build/precompress.ts); they are sent as they are for the encodings the
 * browser accepts, the plain file otherwise (docs/speed.md "Owner app delivery").
 */
export async function webAppPlugin(app: FastifyInstance, options: WebAppOptions) {
  const root = options.distDir ?? defaultWebDistDir;
  const indexFile = path.join(root, "index.html");
  if (!existsSync(indexFile)) {
    app.log.warn({ root }, "web app build not found; only the API is served");
    return;
  }
  const routePages = routePagePrefixes(root);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Ours below: @fastify/send's own `public, max-age=0` would replace what setHeaders sets.
    cacheControl: false,
    // The compressed copies are reached through Accept-Encoding, not by their own names.
    allowedPath: (pathname) => !COMPRESSED_COPY.test(pathname),
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader("cache-control", immutable ? IMMUTABLE : REVALIDATE);
      // The same address answers br, gzip or plain bytes: caches must keep them apart.
      res.setHeader("vary", "accept-encoding");
    },
  });
  // Not an API operation: kept out of the OpenAPI document (docs/api.md).
  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (url.startsWith("/api/")) {
      return reply.callNotFound();
    }
    const prefix = BELOW_PREFIX.exec(url)?.[1];
    if (prefix !== undefined && routePages.has(prefix)) {
      return reply.sendFile(`routes/${prefix}.html`);
    }
    return reply.sendFile("index.html");
  });
}
