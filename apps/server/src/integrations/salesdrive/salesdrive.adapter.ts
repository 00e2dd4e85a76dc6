import { outcomeOfResponse } from "../http/http-outcome";
import type { OutgoingHttp } from "../http/outgoing-http";
import { summaryText } from "../summary-text";
import { checkWith, compactPhone, jsonOf, nameParts, sendingOutcome } from "../target-call";
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
  const text = [answer.error, answer.message].find((v) => typeof v === "string");
  return typeof text === "string" ? text : "the order was not accepted";
}

/**
 * Adds an order per lead through the account's form handler (docs/delivery.md,
 * "SalesDrive"). The key goes both ways SalesDrive authenticates: as `form` in the body (the
 * form handler of older accounts) and as the `X-Api-Key` header (the current API). The
 * order's id is kept.
 */
export function createSalesdriveAdapter(http: OutgoingHttp, template: string): DeliveryAdapter {
  return {
    retrySafety: "none",
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
        const outcome = outcomeOfResponse(
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
