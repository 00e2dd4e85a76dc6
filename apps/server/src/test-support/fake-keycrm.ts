import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeKeycrm {
  /** KEYCRM_API_URL for the app. */
  url: string;
  token: string;
  /** Cards created, in order, with the id and `created_at` KeyCRM gave them. */
  cards: Record<string, unknown>[];
  /** Problems found in requests (a test expects none). */
  problems: string[];
  /** Requests received: method and path with the query. */
  requests: { method: string; url: string }[];
  /** Answer 429 until switched back. */
  limit(on: boolean): void;
  /**
   * A slow KeyCRM: `POST /pipelines/cards` creates the card at once but answers only after
   * `ms` (a client that gave up by then never hears of it); null answers at once again.
   */
  answerLate(ms: number | null): void;
  close(): Promise<void>;
}

/** `filter[created_between]`: two UTC times `YYYY-MM-DD HH:MM:SS`, a comma between them. */
const BETWEEN = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d), ?(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)$/;
const utc = (at: Date) => at.toISOString().slice(0, 19).replace("T", " ");

/**
 * KeyCRM's API on loopback as its OpenAPI document describes it (docs/delivery.md "KeyCRM"):
 * Bearer key or 401, `POST /v1/pipelines/cards` with a `contact` that has a field, a phone
 * with "+", integer ids and top-level UTM; 201 with the card's id; `GET /v1/pipelines/cards`
 * paginated (`limit` at most 50, `page`, `filter[created_between]` in UTC) in Laravel's page
 * shape; 429 "Too Many Attempts." with `Retry-After` when limited (60 requests a minute);
 * `GET /v1/order/source` for checking the key.
 */
export async function startFakeKeycrm(): Promise<FakeKeycrm> {
  const token = "kc-test-token-1234";
  const cards: Record<string, unknown>[] = [];
  const problems: string[] = [];
  const requests: FakeKeycrm["requests"] = [];
  let limited = false;
  let lateMs: number | null = null;

  /** `GET /pipelines/cards`: a page of the cards created within `filter[created_between]`. */
  function listCards(query: URLSearchParams) {
    const limit = Number(query.get("limit") ?? 15);
    const page = Number(query.get("page") ?? 1);
    if (!Number.isInteger(limit) || limit < 1 || limit > 50) problems.push("limit");
    const between = query.get("filter[created_between]");
    const range = between === null ? null : BETWEEN.exec(between);
    if (between !== null && !range) problems.push("filter[created_between]");
    const found = cards.filter(
      (card) =>
        !range ||
        (String(card.created_at) >= String(range[1]) &&
          String(card.created_at) <= String(range[2])),
    );
    const data = found.slice((page - 1) * limit, page * limit);
    const last = Math.max(Math.ceil(found.length / limit), 1);
    const pageUrl = (n: number) => `/v1/pipelines/cards?page=${n}`;
    return {
      total: found.length,
      current_page: page,
      per_page: limit,
      data,
      first_page_url: pageUrl(1),
      last_page_url: pageUrl(last),
      next_page_url: page < last ? pageUrl(page + 1) : null,
    };
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const answer = (
        status: number,
        body: unknown,
        headers: Record<string, string> = {},
        afterMs = 0,
      ) => {
        const write = () => {
          if (response.destroyed) return;
          response.writeHead(status, { "content-type": "application/json", ...headers });
          response.end(JSON.stringify(body));
        };
        if (afterMs > 0) setTimeout(write, afterMs).unref();
        else write();
      };
      const url = new URL(request.url ?? "/", "http://keycrm.test");
      requests.push({ method: request.method ?? "", url: request.url ?? "" });
      if (request.headers.authorization !== `Bearer ${token}`) {
        return answer(401, { message: "Unauthenticated." });
      }
      const rate = { "x-ratelimit-limit": "60", "x-ratelimit-remaining": limited ? "0" : "59" };
      if (limited) {
        return answer(429, { message: "Too Many Attempts." }, { ...rate, "retry-after": "42" });
      }
      if (request.method === "GET" && url.pathname === "/v1/order/source") {
        return answer(200, { data: [{ id: 4, name: "Quiz" }], total: 1 }, rate);
      }
      if (request.method === "GET" && url.pathname === "/v1/pipelines/cards") {
        return answer(200, listCards(url.searchParams), rate);
      }
      if (request.method !== "POST" || url.pathname !== "/v1/pipelines/cards") {
        return answer(404, { message: "Not found" });
      }
      const card = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      const contact = card.contact as Record<string, unknown> | undefined;
      if (!contact || !["full_name", "email", "phone"].some((k) => contact[k])) {
        problems.push("contact");
        return answer(422, {
          message: "The given data was invalid.",
          errors: { contact: ["The contact field is required."] },
        });
      }
      if (contact.phone && !String(contact.phone).startsWith("+")) problems.push("phone");
      for (const key of ["pipeline_id", "source_id", "manager_id"]) {
        if (card[key] !== undefined && !Number.isInteger(card[key])) problems.push(key);
      }
      if ("utm" in card || "marketing" in card) problems.push("utm not top-level");
      const id = 501 + cards.length;
      cards.push({ ...card, id, created_at: utc(new Date()) });
      return answer(201, { id, contact_id: 77, title: card.title }, rate, lateMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    token,
    cards,
    problems,
    requests,
    limit(on) {
      limited = on;
    },
    answerLate(ms) {
      lateMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
