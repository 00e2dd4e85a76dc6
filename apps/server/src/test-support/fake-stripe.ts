import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { stripeSignatureHeader } from "../modules/tariffs/payments/stripe-signature";

/** A Checkout Session as the fake keeps it. */
export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  mode: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_status: "paid" | "unpaid";
  status: "open" | "complete";
  success_url: string;
  cancel_url: string;
  url: string;
}

export interface FakeStripe {
  /** STRIPE_API_URL for the app. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Every create-session call's form, as received (decoded pairs). */
  forms: Record<string, string>[];
  sessions: Map<string, FakeCheckoutSession>;
  /** Problems found in requests (a test expects none). */
  problems: string[];
  /** The API version each call was answered in (its `Stripe-Version`, else the account's). */
  versions: string[];
  /** Answer every API call with this status (0: normally). */
  failWith(status: number): void;
  /** A signed event about a session, as Stripe would POST it. */
  event(
    type: string,
    session: FakeCheckoutSession,
    options?: { secret?: string; timestamp?: number },
  ): { body: string; headers: Record<string, string> };
  /** Where the checkout page sends its notifications (browser tests). */
  webhookUrl: string | undefined;
  close(): Promise<void>;
}

/** The exact form fields of the session the app must create (metadata[tariff_id] optional). */
const SESSION_FIELDS = [
  "mode",
  "success_url",
  "cancel_url",
  "client_reference_id",
  "line_items[0][quantity]",
  "line_items[0][price_data][currency]",
  "line_items[0][price_data][unit_amount]",
  "line_items[0][price_data][product_data][name]",
  "metadata[user_id]",
];

/**
 * The account's default API version, older than the one the app pins: a call without
 * `Stripe-Version` is answered in it, as Stripe does (docs/money.md "Stripe").
 */
export const FAKE_STRIPE_ACCOUNT_VERSION = "2024-06-20";
/** The versions this fake knows: the account's and the one the official SDK declares. */
const KNOWN_VERSIONS = new Set([FAKE_STRIPE_ACCOUNT_VERSION, Stripe.API_VERSION]);

/**
 * Stripe's side on loopback (docs/money.md "Stripe"): `POST /v1/checkout/sessions` with the
 * secret key as Bearer, form-encoded with an Idempotency-Key and a `Stripe-Version` (an unknown
 * one is refused with 400 as Stripe does; none is answered in the account's older default and
 * noted as a problem), answers a session whose `url`
 * is the fake's checkout page; `GET /pay/{id}` is that page, whose button marks the
 * session paid, POSTs the signed `checkout.session.completed` to `webhookUrl` and sends the
 * browser to the session's `success_url`, as Stripe does.
 */
export async function startFakeStripe(options: { webhookUrl?: string } = {}): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
  const webhookSecret = `whsec_${randomBytes(24).toString("base64")}`;
  const forms: Record<string, string>[] = [];
  const sessions = new Map<string, FakeCheckoutSession>();
  const problems: string[] = [];
  const versions: string[] = [];
  let failing = 0;
  let url = "";

  function event(
    type: string,
    session: FakeCheckoutSession,
    eventOptions: { secret?: string; timestamp?: number } = {},
  ) {
    const timestamp = eventOptions.timestamp ?? Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString("hex")}`,
      object: "event",
      // Events are rendered in the endpoint's version, which docs/money.md says to set to ours.
      api_version: Stripe.API_VERSION,
      created: timestamp,
      livemode: false,
      type,
      data: { object: session },
    });
    return {
      body,
      headers: {
        "content-type": "application/json; charset=utf-8",
        "stripe-signature": stripeSignatureHeader(
          eventOptions.secret ?? webhookSecret,
          timestamp,
          body,
        ),
      },
    };
  }

  const fake: FakeStripe = {
    url: "",
    secretKey,
    webhookSecret,
    forms,
    sessions,
    problems,
    versions,
    failWith(status) {
      failing = status;
    },
    event,
    webhookUrl: options.webhookUrl,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function pay(session: FakeCheckoutSession): Promise<void> {
    session.payment_status = "paid";
    session.status = "complete";
    if (!fake.webhookUrl) return;
    const { body, headers } = event("checkout.session.completed", session);
    const answer = await fetch(fake.webhookUrl, { method: "POST", headers, body });
    if (answer.status !== 200) problems.push(`webhook answered ${answer.status}`);
  }

  const server = createServer((request, response) => {
    void readBody(request).then(async (text) => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      const path = request.url ?? "";
      const page = /^\/pay\/(cs_test_\w+)$/.exec(path);
      if (page) {
        const session = sessions.get(page[1] ?? "");
        if (!session) return answer(404, { error: { message: "No such session" } });
        if (request.method === "GET") {
          response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          return response.end(
            `<!doctype html><html lang="en"><head><title>Fake Stripe Checkout</title></head>` +
              `<body><main><h1>Pay ${(session.amount_total / 100).toFixed(2)} USD</h1>` +
              `<form method="post"><button type="submit">Pay</button></form></main></body></html>`,
          );
        }
        await pay(session);
        response.writeHead(303, { location: session.success_url });
        return response.end();
      }
      if (failing) return answer(failing, { error: { message: "Failing on purpose" } });
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return answer(401, {
          error: { type: "invalid_request_error", message: "Invalid API Key" },
        });
      }
      const version = request.headers["stripe-version"];
      if (typeof version === "string" && !KNOWN_VERSIONS.has(version)) {
        return answer(400, {
          error: {
            type: "invalid_request_error",
            message: `Invalid Stripe API version: ${version}`,
          },
        });
      }
      if (typeof version !== "string") {
        problems.push(`no Stripe-Version: answered in ${FAKE_STRIPE_ACCOUNT_VERSION}`);
      }
      versions.push(typeof version === "string" ? version : FAKE_STRIPE_ACCOUNT_VERSION);
      if (request.method !== "POST" || path !== "/v1/checkout/sessions") {
        return answer(404, { error: { message: "Unrecognized request URL" } });
      }
      if (request.headers["content-type"] !== "application/x-www-form-urlencoded") {
        problems.push(`content-type ${request.headers["content-type"]}`);
      }
      if (!request.headers["idempotency-key"]) problems.push("no Idempotency-Key");
      const form = Object.fromEntries(new URLSearchParams(text));
      forms.push(form);
      const extra = Object.keys(form).filter(
        (key) => !SESSION_FIELDS.includes(key) && key !== "metadata[tariff_id]",
      );
      const missing = SESSION_FIELDS.filter((key) => !(key in form));
      if (extra.length || missing.length) {
        problems.push(`fields: extra ${extra.join(" ")}; missing ${missing.join(" ")}`);
        return answer(400, { error: { type: "invalid_request_error", message: "Bad fields" } });
      }
      const amount = Number(form["line_items[0][price_data][unit_amount]"]);
      if (!Number.isSafeInteger(amount) || amount < 1) problems.push("unit_amount");
      const id = `cs_test_${randomBytes(16).toString("hex")}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(form)) {
        const name = /^metadata\[(\w+)\]$/.exec(key)?.[1];
        if (name) metadata[name] = value;
      }
      const session: FakeCheckoutSession = {
        id,
        object: "checkout.session",
        mode: form.mode ?? "",
        amount_total: amount,
        currency: form["line_items[0][price_data][currency]"] ?? "",
        client_reference_id: form.client_reference_id ?? null,
        metadata,
        payment_status: "unpaid",
        status: "open",
        success_url: form.success_url ?? "",
        cancel_url: form.cancel_url ?? "",
        url: `${url}/pay/${id}`,
      };
      sessions.set(id, session);
      return answer(200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = url;
  return fake;
}

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}
