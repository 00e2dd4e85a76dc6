import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { DeliveryLead } from "../integrations/types";

/** A request a fake target received: the body as text and, when it is JSON, parsed. */
export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: unknown;
}

export interface FakeReply {
  status: number;
  /** Sent as JSON unless a string; none for undefined. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Answered only after this long (the request is handled at once): a slow target. */
  delayMs?: number;
}

export interface FakeServer {
  url: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

/**
 * A target's API on loopback for adapter tests: every request is kept, and `handle` answers
 * it (a throw answers 500). The fakes of each target (fake-targets.ts) are built on it.
 */
export async function startFakeServer(
  handle: (request: FakeRequest) => FakeReply,
): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let json: unknown;
      try {
        json = body ? JSON.parse(body) : undefined;
      } catch {
        json = undefined;
      }
      const received = {
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body,
        json,
      };
      requests.push(received);
      let reply: FakeReply;
      try {
        reply = handle(received);
      } catch (error) {
        reply = { status: 500, body: { error: String(error) } };
      }
      const text =
        reply.body === undefined
          ? ""
          : typeof reply.body === "string"
            ? reply.body
            : JSON.stringify(reply.body);
      const write = () => {
        if (response.destroyed) return;
        response.writeHead(reply.status, {
          ...(text ? { "content-type": "application/json" } : {}),
          ...reply.headers,
        });
        response.end(text);
      };
      if (reply.delayMs) setTimeout(write, reply.delayMs);
      else write();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const isEmail = (value: unknown) =>
  typeof value === "string" && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value);

/** A lead as adapters get it, for calling an adapter directly. */
export function sampleDeliveryLead(overrides: Partial<DeliveryLead> = {}): DeliveryLead {
  return {
    id: 1,
    created_at: "2026-04-01T10:00:00.000Z",
    quiz: { id: 1, title: "Kitchen" },
    name: "Ivan Petrenko",
    email: "ivan@example.com",
    phone: "+380 50 111 2233",
    messengers: {},
    other: "",
    other2: "",
    answers: [{ question: "Style", answer: "Modern" }],
    results: [{ title: "Island kitchen", value: null, unit: null }],
    extra: {},
    utm: { utm_source: "facebook" },
    page_url: "https://example.com/quiz",
    referrer: "",
    ...overrides,
  };
}
