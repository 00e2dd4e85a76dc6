import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { FastifyReply } from "fastify";

/**
 * Fast reads (docs/speed.md "Fast reads"): the visitors' reads that the process answers
 * from memory — the published quiz (`GET public/quiz/{key}/`) and its hosted page
 * (`/q/{key}`) on a cache hit — are answered by the HTTP server before Fastify sees the
 * request: no routing, request objects, child logger or hooks. A request ID, the access
 * log line and the error handler have nothing to do for an answer that is bytes already
 * made. Anything a reader does not answer (a miss, another method, an unusual address)
 * goes through Fastify as before, where the same module makes the same answer.
 *
 * The answer carries the app's security headers (the ones the `security-headers` plugin
 * sets on every answer), then the reader's own over them.
 */

/** An answer made from memory: status, the headers over the security headers, the body. */
export interface FastAnswer {
  status: 200 | 304;
  /** Set over the security headers; `null` removes one of them (e.g. x-frame-options). */
  headers: Record<string, string | null>;
  body?: Buffer;
}

/**
 * Reads a GET whose path starts with the reader's prefix; undefined hands the request to
 * Fastify. `query` is the text after `?` (empty when none).
 */
export type FastRead = (
  pathname: string,
  query: string,
  request: IncomingMessage,
) => FastAnswer | undefined;

export interface FastReads {
  /** Adds the reader of GETs under `prefix` (the modules add theirs when registered). */
  add(prefix: string, read: FastRead): void;
  /**
   * Answers `request` when a reader can; false when Fastify must. Exposed for the server
   * below and for tests.
   */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
  /** How many requests were answered here so far (what tests look at to tell the ways apart). */
  readonly answered: number;
  /** Fastify's `serverFactory`: an HTTP/1.1 server as Fastify makes one, fast reads first. */
  serverFactory(
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    options: ServerTimeouts,
  ): Server;
}

/** The options of Fastify's own HTTP/1.1 server that the factory applies the same way. */
export interface ServerTimeouts {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

export function createFastReads(securityHeaders: Readonly<Record<string, string>>): FastReads {
  const readers: { prefix: string; read: FastRead }[] = [];
  const security = Object.entries(securityHeaders);
  let answered = 0;

  function answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== "GET") return false;
    const url = request.url ?? "";
    const reader = readers.find((r) => url.startsWith(r.prefix));
    if (!reader) return false;
    const at = url.indexOf("?");
    const pathname = at === -1 ? url : url.slice(0, at);
    const query = at === -1 ? "" : url.slice(at + 1);
    let made: FastAnswer | undefined;
    try {
      made = reader.read(pathname, query, request);
    } catch {
      // Whatever went wrong, Fastify answers (and its error handler logs).
      return false;
    }
    if (!made) return false;
    // One flat list of names and values (writeHead takes it as it is): no object copied
    // and no property deleted per answer, which cost more than the rest of the answer.
    const list: string[] = [];
    for (const [name, value] of security) if (!(name in made.headers)) list.push(name, value);
    for (const name in made.headers) {
      const value = made.headers[name];
      if (value !== null && value !== undefined) list.push(name, value);
    }
    if (made.body) list.push("content-length", String(made.body.length));
    response.writeHead(made.status, list);
    response.end(made.body);
    answered += 1;
    return true;
  }

  return {
    add(prefix, read) {
      readers.push({ prefix, read });
    },
    answer,
    get answered() {
      return answered;
    },
    serverFactory(handler, options) {
      const server = createServer((request, response) => {
        if (!answer(request, response)) handler(request, response);
      });
      // As Fastify sets up its own HTTP/1.1 server (fastify/lib/server.js).
      if (options.keepAliveTimeout !== undefined)
        server.keepAliveTimeout = options.keepAliveTimeout;
      if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
      if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
      if (options.maxRequestsPerSocket !== undefined && options.maxRequestsPerSocket > 0) {
        server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      }
      return server;
    },
  };
}

/**
 * Sends a FastAnswer through Fastify: how the routes answer the same requests when the
 * fast read could not (a miss, or a request that went through Fastify anyway), so both ways
 * give one answer.
 */
export function sendFastAnswer(reply: FastifyReply, made: FastAnswer): FastifyReply {
  for (const [name, value] of Object.entries(made.headers)) {
    if (value === null) reply.removeHeader(name);
    else reply.header(name, value);
  }
  reply.status(made.status);
  return made.body ? reply.send(made.body) : reply.send();
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's fast reads (decorated in app.ts); tests read `app.fastReads.answered`. */
    fastReads: FastReads;
  }
}
