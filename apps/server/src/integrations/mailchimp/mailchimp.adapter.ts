import { outcomeOfResponse } from "../http/http-outcome";
import type { OutgoingHttp } from "../http/outgoing-http";
import {
  checkWith,
  compactPhone,
  jsonOf,
  NO_EMAIL,
  nameParts,
  sendingOutcome,
} from "../target-call";
import type { DeliveryAdapter, DeliveryLead, SendOutcome } from "../types";

/** The API's address of a key: the data centre after its last "-" (`…-us21` → us21). */
export function mailchimpBase(template: string, apiKey: string): string {
  const dc = /-([a-z]+\d+)$/.exec(apiKey)?.[1] ?? "invalid";
  return template.replace("{dc}", dc);
}

/** HTTP Basic with any user name and the key as the password. */
const headers = (key: string) => ({
  authorization: `Basic ${Buffer.from(`leadquiz:${key}`).toString("base64")}`,
  "content-type": "application/json",
  accept: "application/json",
});

/** `POST /lists/{list}/members` body: subscribed, with the default merge fields. */
export function mailchimpMember(lead: DeliveryLead) {
  const { first, last } = nameParts(lead.name);
  const mergeFields: Record<string, string> = {};
  if (first) mergeFields.FNAME = first;
  if (last) mergeFields.LNAME = last;
  if (lead.phone) mergeFields.PHONE = compactPhone(lead.phone);
  return {
    email_address: lead.email,
    status: "subscribed" as const,
    merge_fields: mergeFields,
    tags: ["leadquiz"],
  };
}

/**
 * Adds the visitor to the audience per lead (docs/delivery.md, "Mailchimp"); the member's id
 * is kept. "Member Exists" counts as delivered: the address is already there, and someone who
 * unsubscribed is not subscribed again.
 */
export function createMailchimpAdapter(http: OutgoingHttp, template: string): DeliveryAdapter {
  return {
    retrySafety: "idempotent",
    send: ({ lead, settings, secrets, now }) =>
      sendingOutcome(async (): Promise<SendOutcome> => {
        if (!lead.email) return NO_EMAIL;
        const key = secrets.api_key ?? "";
        const list = encodeURIComponent(settings.list_id ?? "");
        const response = await http.request({
          method: "POST",
          url: `${mailchimpBase(template, key)}/lists/${list}/members`,
          headers: headers(key),
          body: JSON.stringify(mailchimpMember(lead)),
        });
        const answer = jsonOf(response.body) as { id?: unknown; title?: unknown } | undefined;
        if (response.status === 400 && answer?.title === "Member Exists") {
          return {
            kind: "delivered",
            statusCode: 400,
            remoteId: null,
            response: "already on the list",
          };
        }
        return outcomeOfResponse(response, now, typeof answer?.id === "string" ? answer.id : null);
      }),
  };
}

/** Checks the key and the audience once: null when Mailchimp accepts them. */
export function checkMailchimpKey(
  http: OutgoingHttp,
  template: string,
  values: { api_key: string; list_id: string },
) {
  return checkWith(http, {
    method: "GET",
    url: `${mailchimpBase(template, values.api_key)}/lists/${encodeURIComponent(values.list_id)}?fields=id,name`,
    headers: headers(values.api_key),
  });
}
