import { outcomeOfError, outcomeOfResponse, retryAfterMs } from "../http/http-outcome";
import type { OutgoingHttp, OutgoingResponse } from "../http/outgoing-http";
import { summaryText } from "../summary-text";
import { jsonOf, sendingOutcome, unreadableList } from "../target-call";
import type { DeliveryAdapter, DeliveryLead, SendOutcome } from "../types";

/** `https://{portal}/rest/{user}/{code}/`: an inbound webhook of a Bitrix24 portal. */
export const BITRIX24_WEBHOOK_URL = /^https?:\/\/[^/\s]+(\/[^\s]*)?\/rest\/\d+\/[A-Za-z0-9_]+\/?$/;

/** Error codes that are answered whatever the status and cannot succeed by retrying. */
const FINAL_CODES = new Set([
  "NO_AUTH_FOUND",
  "INVALID_CREDENTIALS",
  "insufficient_scope",
  "expired_token",
  "ACCESS_DENIED",
  "PORTAL_DELETED",
  "ERROR_METHOD_NOT_FOUND",
  "INVALID_REQUEST",
]);
/** Rate limits: Bitrix24 answers 503 QUERY_LIMIT_EXCEEDED, or 429 OPERATION_TIME_LIMIT. */
const LIMIT_CODES = new Set(["QUERY_LIMIT_EXCEEDED", "OPERATION_TIME_LIMIT"]);
/** Our `ORIGINATOR_ID` on every lead (with `ORIGIN_ID`, the lead's id, it finds the lead again). */
const ORIGINATOR_ID = "leadquiz";
/** Messenger names of our leads → Bitrix24 IM value types (WhatsApp has none: OTHER). */
const IM_TYPES: Record<string, string> = { telegram: "TELEGRAM", viber: "VIBER" };
const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term"];

function methodUrl(webhookUrl: string, method: string): string {
  return `${webhookUrl.replace(/\/?$/, "/")}${method}.json`;
}

/** `crm.lead.add` fields of a lead (docs/delivery.md, "Bitrix24"). */
export function bitrix24Fields(lead: DeliveryLead, responsibleId: number | null) {
  const [first, ...rest] = lead.name.trim().split(/\s+/);
  const fields: Record<string, unknown> = {
    TITLE: `${lead.quiz.title} — ${lead.name || lead.phone || lead.email || `#${lead.id}`}`,
    NAME: first ?? "",
    LAST_NAME: rest.join(" "),
    COMMENTS: summaryText(lead),
    SOURCE_ID: "WEB",
    SOURCE_DESCRIPTION: `Quiz: ${lead.quiz.title}`,
    STATUS_ID: "NEW",
    OPENED: "Y",
    ORIGINATOR_ID,
    ORIGIN_ID: String(lead.id),
  };
  if (lead.phone) fields.PHONE = [{ VALUE: lead.phone, VALUE_TYPE: "MOBILE" }];
  if (lead.email) fields.EMAIL = [{ VALUE: lead.email, VALUE_TYPE: "WORK" }];
  const im = Object.entries(lead.messengers)
    .filter(([, value]) => value)
    .map(([name, value]) => ({ VALUE: value, VALUE_TYPE: IM_TYPES[name] ?? "OTHER" }));
  if (im.length > 0) fields.IM = im;
  for (const key of UTM_KEYS) {
    const value = lead.utm[key];
    if (value) fields[key.toUpperCase()] = value;
  }
  if (responsibleId !== null) fields.ASSIGNED_BY_ID = responsibleId;
  return fields;
}

/** Bitrix24's own error code and text, when the body has them. */
function bitrixError(response: OutgoingResponse): { code: string; text: string } | undefined {
  const body = jsonOf(response.body) as
    | { error?: unknown; error_description?: unknown }
    | undefined;
  if (typeof body?.error !== "string") return undefined;
  const text = typeof body.error_description === "string" ? body.error_description : "";
  return { code: body.error, text };
}

/**
 * `operating_reset_at` of an answer's `time` block (docs/delivery.md "Bitrix24"): when the
 * oldest minute of the method's operating time leaves its 10-minute count, in ms; null when
 * the answer has none.
 */
function operatingResetAt(body: string): number | null {
  const time = (jsonOf(body) as { time?: { operating_reset_at?: unknown } } | undefined)?.time;
  const at = Number(time?.operating_reset_at);
  return Number.isFinite(at) && at > 0 ? at * 1000 : null;
}

/**
 * Classifies by Bitrix24's error code first (its statuses vary between versions). A method
 * blocked for its operating time waits until `resetAt` (ms), the reset its last answers named.
 */
function outcomeOf(response: OutgoingResponse, now: Date, resetAt: number | null): SendOutcome {
  const error = bitrixError(response);
  if (response.status >= 200 && response.status < 300 && !error) {
    const result = (jsonOf(response.body) as { result?: unknown } | undefined)?.result;
    const remoteId =
      typeof result === "number" || typeof result === "string" ? String(result) : null;
    return outcomeOfResponse(response, now, remoteId);
  }
  if (error) {
    const message = `${error.code || `HTTP ${response.status}`}${error.text ? `: ${error.text}` : ""}`;
    if (error.code === "OPERATION_TIME_LIMIT") {
      const reset = operatingResetAt(response.body) ?? resetAt;
      const after = reset === null ? null : Math.max(reset - now.getTime(), 0);
      return {
        kind: "retry",
        statusCode: response.status,
        error: message,
        retryAfterMs: after ?? retryAfterMs(response.headers["retry-after"], now),
      };
    }
    if (!LIMIT_CODES.has(error.code) && (FINAL_CODES.has(error.code) || response.status < 500)) {
      return { kind: "failed", statusCode: response.status, error: message, disable: false };
    }
    // A rate limit, or a 5xx with Bitrix24's own code: retried, in its words.
    const after = retryAfterMs(response.headers["retry-after"], now);
    return { kind: "retry", statusCode: response.status, error: message, retryAfterMs: after };
  }
  return outcomeOfResponse(response, now);
}

/** The lead ids of a `crm.lead.list` answer; null when the answer has no list. */
function listedIds(body: string): string[] | null {
  const result = (jsonOf(body) as { result?: unknown } | undefined)?.result;
  if (!Array.isArray(result)) return null;
  return result
    .map((lead: { ID?: unknown }) => lead?.ID)
    .filter((id): id is string | number => typeof id === "string" || typeof id === "number")
    .map(String);
}

/**
 * Creates a lead per visitor lead with `crm.lead.add` (docs/delivery.md "Bitrix24"). A retry
 * after a try that may have landed first asks `crm.lead.list` for the lead with our
 * `ORIGINATOR_ID` and `ORIGIN_ID` (the lead's id) and creates only when there is none.
 * Bitrix24's operating limit is counted per method and webhook: the `operating_reset_at` of
 * each method's last answer is kept here, so a blocked method waits until that reset.
 */
export function createBitrix24Adapter(http: OutgoingHttp): DeliveryAdapter {
  /** `operating_reset_at` (ms) of the last answer per method URL; in memory only. */
  const resets = new Map<string, number>();

  /** Calls a method; answers Bitrix24's answer and what it came to. */
  async function call(webhookUrl: string, method: string, body: unknown, now: Date) {
    const url = methodUrl(webhookUrl, method);
    const response = await http.request({
      method: "POST",
      url,
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    const reset = operatingResetAt(response.body);
    if (reset !== null) resets.set(url, reset);
    return { response, outcome: outcomeOf(response, now, resets.get(url) ?? null) };
  }

  return {
    retrySafety: "lookup",
    send: ({ lead, settings, secrets, now }) =>
      sendingOutcome(async () => {
        const responsible = settings.responsible_id ? Number(settings.responsible_id) : null;
        const fields = bitrix24Fields(lead, responsible);
        const params = { REGISTER_SONET_EVENT: "Y" };
        return (await call(secrets.webhook_url ?? "", "crm.lead.add", { fields, params }, now))
          .outcome;
      }),
    findExisting: ({ lead, secrets, now }) =>
      sendingOutcome(async (): Promise<SendOutcome | null> => {
        const { response, outcome } = await call(
          secrets.webhook_url ?? "",
          "crm.lead.list",
          {
            filter: { ORIGINATOR_ID, ORIGIN_ID: String(lead.id) },
            select: ["ID"],
            order: { ID: "ASC" },
          },
          now,
        );
        if (outcome.kind !== "delivered") return outcome;
        const ids = listedIds(response.body);
        if (ids === null) return unreadableList(outcome.statusCode, "crm.lead.list");
        const [first] = ids;
        return first === undefined ? null : { ...outcome, remoteId: first };
      }),
  };
}

/**
 * Checks an inbound webhook once (on connecting): `crm.lead.fields` answers only for a live
 * webhook with the `crm` scope. Answers null when it works, else Bitrix24's reason.
 */
export async function checkBitrix24Webhook(
  http: OutgoingHttp,
  webhookUrl: string,
): Promise<string | null> {
  try {
    const response = await http.request({
      method: "POST",
      url: methodUrl(webhookUrl, "crm.lead.fields"),
      headers: { "content-type": "application/json", accept: "application/json" },
      body: "{}",
    });
    const outcome = outcomeOf(response, new Date(), null);
    return outcome.kind === "delivered" ? null : outcome.error;
  } catch (error) {
    const outcome = outcomeOfError(error);
    return outcome.kind === "delivered" ? null : outcome.error;
  }
}
