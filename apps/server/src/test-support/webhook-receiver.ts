import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedHook {
  /** The path and query string it was sent to. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The raw body as sent (what a signature covers). */
  body: string;
}

export interface WebhookReceiver {
  url: string;
  /** Every request that reached it, in order. */
  received: ReceivedHook[];
  /** The status (and headers) of the next answers. */
  answer(status: number, headers?: Record<string, string>): void;
  /** Keeps its answers back (the requests hang) until `release()`: a slow target. */
  hold(): void;
  release(): void;
  /** Requests received and not answered yet (while held). */
  waiting(): number;
  /** Deliveries after dedupe by webhook-id (as Standard Webhooks asks receivers to do). */
  uniqueIds(): string[];
  close(): Promise<void>;
}

/** A webhook endpoint on loopback that keeps what it receives and answers as told. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  let status = 200;
  let extraHeaders: Record<string, string> = {};
  let held: (() => void)[] | null = null;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const send = () => {
        response.writeHead(status, { "content-type": "application/json", ...extraHeaders });
        response.end(status < 300 ? '{"ok":true}' : '{"error":"down"}');
      };
      if (held) held.push(send);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    received,
    answer(next, headers = {}) {
      status = next;
      extraHeaders = headers;
    },
    hold() {
      held ??= [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const send of waiting) send();
    },
    waiting: () => held?.length ?? 0,
    uniqueIds: () => [...new Set(received.map((r) => String(r.headers["webhook-id"])))],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
