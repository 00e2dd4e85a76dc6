import { createHash } from "node:crypto";
import { outcomeOfResponse } from "../http/http-outcome";
import type { OutgoingHttp, OutgoingResponse } from "../http/outgoing-http";
import { jsonOf, NO_EMAIL, refusalOf, sendingOutcome } from "../target-call";
import type { DeliveryAdapter, DeliveryLead, SendOutcome } from "../types";

/** A token is used until this long before SendPulse says it expires. */
const EXPIRY_MARGIN_MS = 60_000;

interface Credentials {
  client_id: string;
  client_secret: string;
}

/** `POST /addressbooks/{id}/emails` body: one address with the lead as variables. */
export function sendpulseEmails(lead: DeliveryLead) {
  const variables: Record<string, string> = {};
  if (lead.name) variables.name = lead.name;
  if (lead.phone) variables.phone = lead.phone.replace(/[^\d+]/g, "");
  variables.quiz = lead.quiz.title;
  const [result] = lead.results;
  if (result) variables.result = result.title;
  for (const [name, value] of Object.entries(lead.utm)) if (value) variables[name] = value;
  return { emails: [{ email: lead.email, variables }] };
}

/**
 * SendPulse's API with client-credentials OAuth (docs/delivery.md, "SendPulse"): a token per
 * account, kept until shortly before it expires; a call answered 401 gets a new token and is
 * made once more.
 */
export function createSendpulseClient(http: OutgoingHttp, baseUrl: string) {
  const tokens = new Map<string, { token: string; until: number }>();
  /** Token calls under way, so that deliveries sent together share one. */
  const pending = new Map<string, Promise<string | OutgoingResponse>>();
  const keyOf = (c: Credentials) =>
    createHash("sha256").update(`${c.client_id}\n${c.client_secret}`).digest("hex");

  /** A token, or the token call's answer when SendPulse refused the credentials. */
  function token(c: Credentials): Promise<string | OutgoingResponse> {
    const key = keyOf(c);
    const kept = tokens.get(key);
    if (kept && kept.until > Date.now()) return Promise.resolve(kept.token);
    let call = pending.get(key);
    if (!call) {
      call = newToken(c).finally(() => pending.delete(key));
      pending.set(key, call);
    }
    return call;
  }

  async function newToken(c: Credentials): Promise<string | OutgoingResponse> {
    const response = await http.request({
      method: "POST",
      url: `${baseUrl}/oauth/access_token`,
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ grant_type: "client_credentials", ...c }),
    });
    const answer = jsonOf(response.body) as
      | { access_token?: unknown; expires_in?: unknown }
      | undefined;
    if (response.status !== 200 || typeof answer?.access_token !== "string") return response;
    const seconds = typeof answer.expires_in === "number" ? answer.expires_in : 3600;
    tokens.set(keyOf(c), {
      token: answer.access_token,
      until: Date.now() + seconds * 1000 - EXPIRY_MARGIN_MS,
    });
    return answer.access_token;
  }

  return {
    /** One API call with a token, again with a new token when it is answered 401. */
    async call(
      c: Credentials,
      request: { method: "GET" | "POST"; path: string; body?: string },
    ): Promise<OutgoingResponse> {
      for (let round = 0; ; round++) {
        const bearer = await token(c);
        if (typeof bearer !== "string") return bearer;
        const response = await http.request({
          method: request.method,
          url: `${baseUrl}${request.path}`,
          headers: {
            authorization: `Bearer ${bearer}`,
            "content-type": "application/json",
            accept: "application/json",
          },
          ...(request.body !== undefined ? { body: request.body } : {}),
        });
        if (response.status !== 401 || round > 0) return response;
        tokens.delete(keyOf(c));
      }
    },
  };
}
export type SendpulseClient = ReturnType<typeof createSendpulseClient>;

const credentialsOf = (values: Record<string, string>): Credentials => ({
  client_id: values.client_id ?? "",
  client_secret: values.client_secret ?? "",
});

/**
 * Adds the visitor to the address book per lead (docs/delivery.md, "SendPulse"). An address
 * book holds an address once (SendPulse reads, changes and removes its entries by address), so
 * adding the same lead again adds no second entry: a retry after a lost answer is safe.
 */
export function createSendpulseAdapter(client: SendpulseClient): DeliveryAdapter {
  return {
    retrySafety: "idempotent",
    send: ({ lead, settings, secrets, now }) =>
      sendingOutcome(async (): Promise<SendOutcome> => {
        if (!lead.email) return NO_EMAIL;
        const book = encodeURIComponent(settings.address_book_id ?? "");
        const response = await client.call(credentialsOf({ ...settings, ...secrets }), {
          method: "POST",
          path: `/addressbooks/${book}/emails`,
          body: JSON.stringify(sendpulseEmails(lead)),
        });
        return outcomeOfResponse(response, now);
      }),
  };
}

/** Checks the credentials and the address book once: null when SendPulse accepts them. */
export async function checkSendpulseCredentials(
  client: SendpulseClient,
  values: { client_id: string; client_secret: string; address_book_id: string },
) {
  const now = new Date();
  return refusalOf(
    await sendingOutcome(async () =>
      outcomeOfResponse(
        await client.call(credentialsOf(values), {
          method: "GET",
          path: `/addressbooks/${encodeURIComponent(values.address_book_id)}`,
        }),
        now,
      ),
    ),
  );
}
