import { outcomeOfResponse } from "../http/http-outcome";
import type { OutgoingHttp, OutgoingResponse } from "../http/outgoing-http";
import { summaryText } from "../summary-text";
import {
  checkWith,
  compactPhone,
  inTargetWords,
  jsonOf,
  nameParts,
  sendingOutcome,
  unreadableList,
} from "../target-call";
import type { DeliveryAdapter, DeliveryLead, SendOutcome } from "../types";

/** Our UTM names → SalesDrive's order fields. */
const UTM_FIELDS: Record<string, string> = {
  utm_source: "utmSource",
  utm_medium: "utmMedium",
  utm_campaign: "utmCampaign",
  utm_content: "utmContent",
  utm_term: "utmTerm",
};

/** The account's address: the configured template with `{subdomain}` filled in. */
export function salesdriveBase(template: string, subdomain: string): string {
  return template.replace("{subdomain}", encodeURIComponent(subdomain.toLowerCase()));
}

const headers = (token: string) => ({
  "x-api-key": token,
  "content-type": "application/json",
  accept: "application/json",
});

/** The site the lead came from (`sajt`): the host of the page, or "" when it has none. */
function siteOf(pageUrl: string): string {
  try {
    return pageUrl ? new URL(pageUrl).host : "";
  } catch {
    return "";
  }
}

/**
 * `POST /handler/` body of a lead (an order, "заявка"; docs/delivery.md "SalesDrive"):
 * contact (`fName`/`lName`/`mName`, phone, e-mail, Telegram and Instagram), summary, the
 * site, UTM in the current `utm*` naming, our id as `externalId`.
 */
export function salesdriveOrder(lead: DeliveryLead, formToken: string) {
  const { first, last } = nameParts(lead.name);
  const order: Record<string, unknown> = {
    form: formToken,
    getResultData: 1,
    fName: first,
    lName: last,
    mName: "",
    phone: compactPhone(lead.phone),
    email: lead.email,
    comment: summaryText(lead),
    externalId: String(lead.id),
  };
  if (lead.messengers.telegram) order.con_telegram = lead.messengers.telegram;
  if (lead.messengers.instagram) order.con_instagramNick = lead.messengers.instagram;
  const site = siteOf(lead.page_url);
  if (site) order.sajt = site;
  for (const [ours, theirs] of Object.entries(UTM_FIELDS)) {
    const value = lead.utm[ours];
    if (value) order[theirs] = value;
  }
  if (lead.page_url) order.utmPage = lead.page_url;
  return order;
}

/** SalesDrive's own error text in a body (`error` or `message`), or null. */
function errorText(answer: { error?: unknown; message?: unknown } | undefined): string | null {
  const text = [answer?.error, answer?.message].find((v) => typeof v === "string");
  return typeof text === "string" && text ? text : null;
}

/**
 * SalesDrive can answer 200 with an error in the body: `{success: false, …}`,
 * `{status: "error", message}` or `{error}`; only `success: true` is a success.
 */
function bodyError(body: string): string | null {
  const answer = jsonOf(body) as
    | { success?: unknown; status?: unknown; error?: unknown; message?: unknown }
    | undefined;
  if (!answer || typeof answer !== "object") return "the answer is not JSON";
  if (answer.success === true) return null;
  return errorText(answer) ?? "the order was not accepted";
}

/**
 * Order lists are limited to 10 requests a minute (and 100 an hour, 1000 a day); a 429
 * without `Retry-After` waits that minute.
 */
const RATE_WINDOW_MS = 60_000;

/** The outcome of an answer by its status, with SalesDrive's own text in the error. */
function outcomeOf(response: OutgoingResponse, now: Date, id: string | null = null): SendOutcome {
  const text = errorText(jsonOf(response.body) as { error?: unknown; message?: unknown });
  return inTargetWords(outcomeOfResponse(response, now, id), response, text, RATE_WINDOW_MS);
}

/** A day before `at` as SalesDrive's date filters take it (`YYYY-MM-DD HH:MM:SS`). */
function dayBefore(at: string): string {
  const time = new Date(Date.parse(at) - 24 * 60 * 60 * 1000);
  return time.toISOString().slice(0, 19).replace("T", " ");
}

/**
 * Adds an order per lead through the account's form handler (docs/delivery.md,
 * "SalesDrive"). The key goes both ways SalesDrive authenticates: as `form` in the body (the
 * form handler of older accounts) and as the `X-Api-Key` header (the current API). The
 * order's id is kept. A retry after a try that may have landed first asks the order list for
 * an order with our `externalId` (created since the day before the lead, the account's time
 * zone being unknown) and adds only when there is none.
 */
export function createSalesdriveAdapter(http: OutgoingHttp, template: string): DeliveryAdapter {
  return {
    retrySafety: "lookup",
    send: ({ lead, settings, secrets, now }) =>
      sendingOutcome(async (): Promise<SendOutcome> => {
        const token = secrets.form_token ?? "";
        const response = await http.request({
          method: "POST",
          url: `${salesdriveBase(template, settings.subdomain ?? "")}/handler/`,
          headers: headers(token),
          body: JSON.stringify(salesdriveOrder(lead, token)),
        });
        const orderId = (jsonOf(response.body) as { data?: { orderId?: unknown } } | undefined)
          ?.data?.orderId;
        const outcome = outcomeOf(
          response,
          now,
          typeof orderId === "number" || typeof orderId === "string" ? String(orderId) : null,
        );
        if (outcome.kind !== "delivered") return outcome;
        const error = bodyError(response.body);
        return error
          ? { kind: "failed", statusCode: response.status, error, disable: false }
          : outcome;
      }),
    findExisting: ({ lead, settings, secrets, now }) =>
      sendingOutcome(async (): Promise<SendOutcome | null> => {
        const query = new URLSearchParams({
          page: "1",
          limit: "100",
          "filter[externalId]": String(lead.id),
          "filter[orderTime][from]": dayBefore(lead.created_at),
        });
        const response = await http.request({
          method: "GET",
          url: `${salesdriveBase(template, settings.subdomain ?? "")}/api/order/list/?${query}`,
          headers: headers(secrets.form_token ?? ""),
        });
        const outcome = outcomeOf(response, now);
        if (outcome.kind !== "delivered") return outcome;
        const answer = jsonOf(response.body) as
          | {
              status?: unknown;
              success?: unknown;
              data?: unknown;
              error?: unknown;
              message?: unknown;
            }
          | undefined;
        if (answer?.status === "error" || answer?.success === false) {
          const error = errorText(answer) ?? "the order list was refused";
          return { kind: "failed", statusCode: response.status, error, disable: false };
        }
        if (!Array.isArray(answer?.data)) return unreadableList(response.status, "order/list");
        const order = (answer.data as { id?: unknown; externalId?: unknown }[]).find(
          (o) => String(o.externalId) === String(lead.id),
        );
        const id = order?.id;
        return typeof id === "number" || typeof id === "string"
          ? { ...outcome, remoteId: String(id) }
          : null;
      }),
  };
}

/** Checks the key and the account once (the order statuses): null when accepted. */
export function checkSalesdriveToken(
  http: OutgoingHttp,
  template: string,
  values: { form_token: string; subdomain: string },
) {
  return checkWith(http, {
    method: "GET",
    url: `${salesdriveBase(template, values.subdomain)}/api/statuses/`,
    headers: headers(values.form_token),
  });
}
