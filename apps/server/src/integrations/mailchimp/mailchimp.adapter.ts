import { createHash } from "node:crypto";
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

/** The member's id at Mailchimp: the MD5 of the lower-cased e-mail ("subscriber hash"). */
export function subscriberHash(email: string): string {
  return createHash("md5").update(email.trim().toLowerCase()).digest("hex");
}

/**
 * `PUT /lists/{list}/members/{hash}` body ("add or update list member"): `status_if_new` only,
 * so a new address is subscribed and an existing member keeps their status (someone who
 * unsubscribed stays so); the default merge fields.
 */
export function mailchimpMember(lead: DeliveryLead) {
  const { first, last } = nameParts(lead.name);
  const mergeFields: Record<string, string> = {};
  if (first) mergeFields.FNAME = first;
  if (last) mergeFields.LNAME = last;
  if (lead.phone) mergeFields.PHONE = compactPhone(lead.phone);
  return {
    email_address: lead.email,
    status_if_new: "subscribed" as const,
    merge_fields: mergeFields,
  };
}

/** `POST /lists/{list}/members/{hash}/tags` body: our tag, active. */
export const mailchimpTags = { tags: [{ name: "leadquiz", status: "active" as const }] };

/**
 * Adds the visitor to the audience per lead (docs/delivery.md, "Mailchimp") with the
 * documented upsert by e-mail, `PUT /lists/{list}/members/{hash}`: sending the same lead
 * again changes nothing (`idempotent`), and someone who unsubscribed is not subscribed
 * again. `skip_merge_validation=true` lets an audience with required merge fields (an
 * owner's own) take the lead. Then the `leadquiz` tag (tags are not part of the upsert's
 * body); adding it again is a no-op too. The member's id is kept.
 */
export function createMailchimpAdapter(http: OutgoingHttp, template: string): DeliveryAdapter {
  return {
    retrySafety: "idempotent",
    send: ({ lead, settings, secrets, now }) =>
      sendingOutcome(async (): Promise<SendOutcome> => {
        if (!lead.email) return NO_EMAIL;
        const key = secrets.api_key ?? "";
        const list = encodeURIComponent(settings.list_id ?? "");
        const member = `${mailchimpBase(template, key)}/lists/${list}/members/${subscriberHash(lead.email)}`;
        const response = await http.request({
          method: "PUT",
          url: `${member}?skip_merge_validation=true`,
          headers: headers(key),
          body: JSON.stringify(mailchimpMember(lead)),
        });
        const answer = jsonOf(response.body) as { id?: unknown } | undefined;
        const upserted = outcomeOfResponse(
          response,
          now,
          typeof answer?.id === "string" ? answer.id : subscriberHash(lead.email),
        );
        if (upserted.kind !== "delivered") return upserted;
        const tagged = outcomeOfResponse(
          await http.request({
            method: "POST",
            url: `${member}/tags`,
            headers: headers(key),
            body: JSON.stringify(mailchimpTags),
          }),
          now,
        );
        // The member is in: a tag that is refused for good is said, not retried; a tag call
        // that may succeed later repeats both calls, which change nothing the second time.
        if (tagged.kind === "retry") return tagged;
        if (tagged.kind === "delivered") return upserted;
        return { ...upserted, response: `member added; tag refused: ${tagged.error}` };
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
