import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A file the static server answers: its bytes, `Content-Type` and any more headers. */
export interface StaticFile {
  body: string | Buffer;
  type: string;
  headers?: Record<string, string>;
}

export interface StaticServer {
  /** `http://127.0.0.1:{port}` */
  base: string;
  /** Adds (or replaces) files, e.g. ones that must name `base`. */
  serve(more: Record<string, StaticFile>): void;
  close(): Promise<void>;
}

/**
 * A plain `node:http` server on loopback that answers a fixed set of paths (404 for the
 * rest), uncompressed, `Cache-Control: no-store`. It serves the bench's own pages (the
 * empty page of the FCP part, the host pages of the host part) from this machine, over
 * HTTP like the product, without touching the product's server.
 */
export async function startStaticServer(
  initial: Record<string, StaticFile>,
): Promise<StaticServer> {
  const files = new Map(Object.entries(initial));
  const server = createServer((request, response) => {
    const file = files.get(new URL(request.url ?? "/", "http://localhost").pathname);
    if (!file) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    response
      .writeHead(200, {
        ...file.headers,
        "content-type": file.type,
        "content-length": Buffer.byteLength(file.body),
        "cache-control": "no-store",
      })
      .end(file.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    serve(more) {
      for (const [pathname, file] of Object.entries(more)) files.set(pathname, file);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The response headers of `page` that change how a browser navigates to or isolates a
 * document, not what it holds: the security policy (CSP, COOP, CORP, Origin-Agent-Cluster,
 * Referrer-Policy and the like). The FCP part serves the empty page a second time with
 * these (bench/README.md "The empty-page floor"), to tell their cost from the page's.
 */
export function navigationHeaders(page: Headers): Record<string, string> {
  const content = new Set([
    "content-type",
    "content-length",
    "content-encoding",
    "transfer-encoding",
    "etag",
    "last-modified",
    "cache-control",
    "vary",
    "date",
    "connection",
    "keep-alive",
  ]);
  const kept: Record<string, string> = {};
  page.forEach((value, name) => {
    if (!content.has(name.toLowerCase())) kept[name] = value;
  });
  return kept;
}

/**
 * The empty page of the FCP floor (issue 15: `/q/{key}` within 10 % of an empty page's
 * FCP): a minimal document with one short line of text to paint, the same viewport meta
 * as a mobile page needs, no script, no style sheet, no image. bench/README.md quotes it.
 */
export const EMPTY_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  "<title>Empty page</title></head><body><p>Empty page</p></body></html>";
