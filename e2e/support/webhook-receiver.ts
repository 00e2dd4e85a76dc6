import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Hit {
  /** The path and query string it was sent to. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook endpoint on loopback (the e2e server allows private networks) that keeps every
 * request it gets, in order, and answers 200.
 */
export async function startReceiver() {
  const hits: Hit[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      hits.push({
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
