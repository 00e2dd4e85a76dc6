import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";

/**
 * An owner's site for the embed tests: a real HTTP server on 127.0.0.1 and a random port,
 * so the host page has its own origin (the product is on `E2E_PORT`: the owner app on
 * localhost, the visitor pages and embed.js on 127.0.0.1). A real server,
 * not Playwright's `route.fulfill`: Chromium treats a fulfilled page as public and would
 * block `embed.js` on loopback as a private-network request.
 */
export interface HostSite {
  /** `http://127.0.0.1:{port}` */
  origin: string;
  /** The address of a page of the site. */
  url(path?: string): string;
  close(): Promise<void>;
}

/** Serves `pages` (path → HTML); anything else is a 404. */
export async function serveHostSite(pages: Record<string, string>): Promise<HostSite> {
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://host").pathname;
    const page = pages[path];
    if (page === undefined) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
      .end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (path = "/") => `${origin}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A host page around `body` (the owner's snippet and own markup). Before anything else it
 * queues `Leadquiz.on('lead' | 'open' | 'step')` listeners that record what the loader
 * emits in `window.__leadquizEvents`, with `at` = milliseconds since the page started (the
 * documented queue: it works before embed.js loads).
 */
export function hostPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<script>
  window.__leadquizEvents = [];
  window.Leadquiz = window.Leadquiz || { q: [] };
  for (const name of ["lead", "open", "close", "step", "ready"]) {
    Leadquiz.q.push(["on", name, function (e) {
      window.__leadquizEvents.push({
        name: name, publicKey: e.publicKey, mode: e.mode, lead: e.lead, at: performance.now(),
      });
    }]);
  }
</script>
</head>
<body style="margin:0;font-family:sans-serif">
<header style="padding:16px"><h1>${title}</h1></header>
<main style="padding:16px">
${body}
</main>
</body>
</html>`;
}

/** What the host page's listeners recorded (see `hostPage`). */
export interface RecordedEvent {
  name: string;
  publicKey: string;
  mode: string;
  lead?: number;
  at: number;
}

/** The events the host page recorded so far. */
export function recordedEvents(page: Page): Promise<RecordedEvent[]> {
  return page.evaluate(
    () => (window as unknown as { __leadquizEvents: RecordedEvent[] }).__leadquizEvents,
  );
}
