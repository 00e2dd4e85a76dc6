import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeKeycrm {
  /** KEYCRM_API_URL for the app. */
  url: string;
  token: string;
  cards: Record<string, unknown>[];
  /** Problems found in requests (a test expects none). */
  problems: string[];
  /** Answer 429 until switched back. */
  limit(on: boolean): void;
  close(): Promise<void>;
}

/**
 * KeyCRM's API on loopback as integrations.md describes it: Bearer key or 401, `POST
 * /v1/pipelines/cards` with a `contact` that has a field, a phone with "+", integer ids and
 * top-level UTM; 201 with the card's id; `GET /v1/order/source` for checking the key.
 */
export async function startFakeKeycrm(): Promise<FakeKeycrm> {
  const token = "kc-test-token-1234";
  const cards: Record<string, unknown>[] = [];
  const problems: string[] = [];
  let limited = false;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== `Bearer ${token}`) {
        return answer(401, { message: "Unauthenticated." });
      }
      if (limited) return answer(429, { message: "Too Many Attempts." });
      const url = request.url ?? "";
      if (request.method === "GET" && url.startsWith("/v1/order/source")) {
        return answer(200, { data: [{ id: 4, name: "Quiz" }], total: 1 });
      }
      if (request.method !== "POST" || url !== "/v1/pipelines/cards") {
        return answer(404, { message: "Not found" });
      }
      const card = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      const contact = card.contact as Record<string, unknown> | undefined;
      if (!contact || !["full_name", "email", "phone"].some((k) => contact[k])) {
        problems.push("contact");
        return answer(422, { message: "The contact field is required." });
      }
      if (contact.phone && !String(contact.phone).startsWith("+")) problems.push("phone");
      for (const key of ["pipeline_id", "source_id", "manager_id"]) {
        if (card[key] !== undefined && !Number.isInteger(card[key])) problems.push(key);
      }
      if ("utm" in card || "marketing" in card) problems.push("utm not top-level");
      cards.push(card);
      return answer(201, { id: 500 + cards.length, contact_id: 77, title: card.title });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    token,
    cards,
    problems,
    limit(on) {
      limited = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
