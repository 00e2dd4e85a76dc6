import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

/**
 * The headers `helmet` sets for `options`, worked out once: helmet is run against a
 * response that only records what is set and removed.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
      done = true;
    },
  );
  if (!done) throw new Error("helmet did not finish synchronously");
  return headers;
}

/**
 * Security headers on every answer (docs/security.md), as helmet computes them for the
 * app's options (`helmetHeaders`), worked out once at start: @fastify/helmet rebuilt the
 * whole header set (parsing the CSP directives) on every request, about a tenth of a
 * visitor call's CPU (docs/speed.md "Security headers"). The fast reads send the same set
 * (plugins/fast-reads.ts). Routes that need another CSP (the visitor pages, media, legal
 * pages) set theirs over it, as before.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { headers: Readonly<Record<string, string>> }) => {
    const { headers } = options;
    app.addHook("onRequest", (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: "security-headers" },
);
