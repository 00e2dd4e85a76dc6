import { existsSync } from "node:fs";
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

/**
 * Serves the built owner app (apps/web/dist): hashed assets with long cache headers, and
 * index.html for every other GET that is not an API call (client-side routes). Files are
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
  app.get("/*", async (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (url.startsWith("/api/")) {
      return reply.callNotFound();
    }
    return reply.sendFile("index.html");
  });
}
