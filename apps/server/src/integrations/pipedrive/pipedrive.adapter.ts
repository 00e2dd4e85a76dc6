import { outcomeOfResponse } from "../http/http-outcome";
import type { OutgoingHttp } from "../http/outgoing-http";
import { summaryText } from "../summary-text";
import {
  checkWith,
  compactPhone,
  jsonOf,
  leadTitle,
  sendingOutcome,
  waitingForReset,
} from "../target-call";
import type { DeliveryAdapter, DeliveryLead, SendOutcome } from "../types";

/** Seconds until Pipedrive's rate-limit window resets. */
const RESET = "x-ratelimit-reset";

const headers = (token: string) => ({
  "x-api-token": token,
  "content-type": "application/json",
  accept: "application/json",
});

/** `data.id` of Pipedrive's envelope `{success, data: {id}}`, as text. */
function dataId(body: string): string | null {
  const id = (jsonOf(body) as { data?: { id?: unknown } } | undefined)?.data?.id;
  return typeof id === "number" || typeof id === "string" ? String(id) : null;
}

/** The id of the first person found by an exact e-mail search, if any. */
function foundPersonId(body: string): number | null {
  const items = (jsonOf(body) as { data?: { items?: { item?: { id?: unknown } }[] } } | undefined)
    ?.data?.items;
  const id = items?.[0]?.item?.id;
  return typeof id === "number" ? id : null;
}

/** `POST /api/v2/persons` body: the name, the e-mail and phone as primary entries. */
export function pipedrivePerson(lead: DeliveryLead) {
  return {
    name: lead.name || lead.email || lead.phone || `Lead #${lead.id}`,
    ...(lead.email ? { emails: [{ value: lead.email, primary: true, label: "work" }] } : {}),
    ...(lead.phone
      ? { phones: [{ value: compactPhone(lead.phone), primary: true, label: "mobile" }] }
      : {}),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/\n/g, "<br>");

/**
 * A person (found by e-mail, else created), a lead with that person, and the summary as a
 * note pinned to the lead (docs/delivery.md, "Pipedrive"); the lead's UUID is kept. Once the
 * lead exists the delivery counts as done: a note that fails is said in the answer, not
 * retried, so a retry never makes a second lead.
 */
export function createPipedriveAdapter(http: OutgoingHttp, baseUrl: string): DeliveryAdapter {
  return {
    retrySafety: "none",
    send: ({ lead, secrets, now }) =>
      sendingOutcome(async (): Promise<SendOutcome> => {
        const h = headers(secrets.api_token ?? "");
        let personId: number | null = null;
        if (lead.email) {
          const query = new URLSearchParams({
            term: lead.email,
            fields: "email",
            exact_match: "true",
          });
          const found = await http.request({
            method: "GET",
            url: `${baseUrl}/api/v2/persons/search?${query}`,
            headers: h,
          });
          const outcome = waitingForReset(outcomeOfResponse(found, now), found, RESET);
          if (outcome.kind !== "delivered") return outcome;
          personId = foundPersonId(found.body);
        }
        if (personId === null) {
          const created = await http.request({
            method: "POST",
            url: `${baseUrl}/api/v2/persons`,
            headers: h,
            body: JSON.stringify(pipedrivePerson(lead)),
          });
          const outcome = waitingForReset(outcomeOfResponse(created, now), created, RESET);
          if (outcome.kind !== "delivered") return outcome;
          personId = Number(dataId(created.body));
        }
        const created = await http.request({
          method: "POST",
          url: `${baseUrl}/v1/leads`,
          headers: h,
          body: JSON.stringify({
            title: leadTitle(lead),
            person_id: personId,
            origin_id: `leadquiz:${lead.id}`,
          }),
        });
        const leadId = dataId(created.body);
        const outcome = waitingForReset(outcomeOfResponse(created, now, leadId), created, RESET);
        if (outcome.kind !== "delivered") return outcome;
        const note = await http.request({
          method: "POST",
          url: `${baseUrl}/v1/notes`,
          headers: h,
          body: JSON.stringify({
            content: escapeHtml(summaryText(lead)),
            lead_id: leadId,
            pinned_to_lead_flag: 1,
          }),
        });
        if (note.status >= 200 && note.status < 300) return outcome;
        return { ...outcome, response: `lead created; note not added: HTTP ${note.status}` };
      }),
  };
}

/** Checks an API token once (on connecting): null when Pipedrive accepts it, else its answer. */
export function checkPipedriveToken(http: OutgoingHttp, baseUrl: string, token: string) {
  return checkWith(http, { method: "GET", url: `${baseUrl}/v1/users/me`, headers: headers(token) });
}
