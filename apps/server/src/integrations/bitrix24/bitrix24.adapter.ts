import { outcomeOfError, outcomeOfResponse, retryAfterMs } from "../http/http-outcome";
import type { OutgoingHttp, OutgoingResponse } from "../http/outgoing-http";
import { summaryText } from "../summary-text";
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
    ORIGINATOR_ID: "leadquiz",
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
  try {
    const body = JSON.parse(response.body) as { error?: unknown; error_description?: unknown };
    if (typeof body.error !== "string") return undefined;
    const text = typeof body.error_description === "string" ? body.error_description : "";
    return { code: body.error, text };
  } catch {
    return undefined;
  }
}

/** Classifies by Bitrix24's error code first (its statuses vary between versions). */
function outcomeOf(response: OutgoingResponse, now: Date): SendOutcome {
  const error = bitrixError(response);
  if (response.status >= 200 && response.status < 300 && !error) {
    let remoteId: string | null = null;
    try {
      const result = (JSON.parse(response.body) as { result?: unknown }).result;
      if (typeof result === "number" || typeof result === "string") remoteId = String(result);
    } catch {
      remoteId = null;
    }
    return outcomeOfResponse(response, now, remoteId);
  }
  if (error) {
    const message = `${error.code || `HTTP ${response.status}`}${error.text ? `: ${error.text}` : ""}`;
    if (LIMIT_CODES.has(error.code)) {
      const after = retryAfterMs(response.headers["retry-after"], now);
      return { kind: "retry", statusCode: response.status, error: message, retryAfterMs: after };
    }
    if (FINAL_CODES.has(error.code) || response.status < 500) {
      return { kind: "failed", statusCode: response.status, error: message, disable: false };
    }
  }
  return outcomeOfResponse(response, now);
}

export function createBitrix24Adapter(http: OutgoingHttp): DeliveryAdapter {
  return {
    retrySafety: "none",
    async send({ lead, settings, secrets, now }) {
      const responsible = settings.responsible_id ? Number(settings.responsible_id) : null;
      try {
        const response = await http.request({
          method: "POST",
          url: methodUrl(secrets.webhook_url ?? "", "crm.lead.add"),
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({
            fields: bitrix24Fields(lead, responsible),
            params: { REGISTER_SONET_EVENT: "Y" },
          }),
        });
        return outcomeOf(response, now);
      } catch (error) {
        return outcomeOfError(error);
      }
    },
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
    const outcome = outcomeOf(response, new Date());
    return outcome.kind === "delivered" ? null : outcome.error;
  } catch (error) {
    const outcome = outcomeOfError(error);
    return outcome.kind === "delivered" ? null : outcome.error;
  }
}
