import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { defaultWebDistDir } from "../paths";

export interface WebAppOptions {
  distDir: string | undefined;
}

/**
 * Serves the built owner app (apps/web/dist): hashed assets with long cache headers, and
 * index.html for every other GET (files are routed one by one, so the rest are client routes) that is not an API call (client-side routes).
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
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        "cache-control",
        immutable ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
  app.get("/*", async (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (url.startsWith("/api/")) {
      return reply.callNotFound();
    }
    reply.header("cache-control", "no-cache");
    return reply.sendFile("index.html");
  });
}
