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
  const person: Record<string, unknown> = {
    name: lead.name || lead.email || lead.phone || `Lead #${lead.id}`,
  };
  if (lead.email) person.emails = [{ value: lead.email, primary: true, label: "work" }];
  if (lead.phone) {
    person.phones = [{ value: compactPhone(lead.phone), primary: true, label: "mobile" }];
  }
  return person;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/\n/g, "<br>");

/** Our id of a lead in Pipedrive's `origin_id`: what a lookup before a retry looks for. */
export const pipedriveOriginId = (lead: DeliveryLead) => `leadquiz:${lead.id}`;
/** How far before the lead's own time a Pipedrive lead made for it is looked for (clock skew). */
const LOOKUP_SKEW_MS = 10 * 60 * 1000;
/** Pages of leads read when looking for ours (500 each, newest first). */
const LOOKUP_PAGES = 10;

/** `POST /v1/leads` body: the title, the person and our id as `origin_id`. */
export function pipedriveLead(lead: DeliveryLead, personId: number) {
  return { title: leadTitle(lead), person_id: personId, origin_id: pipedriveOriginId(lead) };
}

/**
 * A person (found by e-mail, else created), a lead with that person, and the summary as a
 * note pinned to the lead (docs/delivery.md, "Pipedrive" and "Exactly once at the target");
 * the lead's UUID is kept. Once the lead exists the delivery counts as done: a note that fails
 * is said in the answer, not retried. A try that may repeat an earlier one first reads the
 * leads changed since the lead was left (`GET /v1/leads?updated_since=…`, of the person when
 * the e-mail finds one) for the one whose `origin_id` is ours; found, it gets its note if it
 * has none, and nothing is created again.
 */
export function createPipedriveAdapter(http: OutgoingHttp, baseUrl: string): DeliveryAdapter {
  /** The id of the person with the lead's e-mail (null: none), or the outcome of a failed call. */
  async function personByEmail(
    lead: DeliveryLead,
    h: Record<string, string>,
    now: Date,
  ): Promise<number | null | SendOutcome> {
    if (!lead.email) return null;
    const query = new URLSearchParams({ term: lead.email, fields: "email", exact_match: "true" });
    const found = await http.request({
      method: "GET",
      url: `${baseUrl}/api/v2/persons/search?${query}`,
      headers: h,
    });
    const outcome = waitingForReset(outcomeOfResponse(found, now), found, RESET);
    return outcome.kind === "delivered" ? foundPersonId(found.body) : outcome;
  }

  /** Pins the summary to the lead; what the answer says when it could not. */
  async function addNote(lead: DeliveryLead, leadId: string | null, h: Record<string, string>) {
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
    return note.status >= 200 && note.status < 300 ? null : `note not added: HTTP ${note.status}`;
  }

  return {
    retrySafety: "lookup",
    send: ({ lead, secrets, now }) =>
      sendingOutcome(async (): Promise<SendOutcome> => {
        const h = headers(secrets.api_token ?? "");
        let personId = await personByEmail(lead, h, now);
        if (typeof personId === "object" && personId !== null) return personId;
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
          body: JSON.stringify(pipedriveLead(lead, personId)),
        });
        const leadId = dataId(created.body);
        const outcome = waitingForReset(outcomeOfResponse(created, now, leadId), created, RESET);
        if (outcome.kind !== "delivered") return outcome;
        const noted = await addNote(lead, leadId, h);
        return noted ? { ...outcome, response: `lead created; ${noted}` } : outcome;
      }),

    findExisting: ({ lead, secrets, now }) =>
      sendingOutcome(async (): Promise<SendOutcome | null> => {
        const h = headers(secrets.api_token ?? "");
        const personId = await personByEmail(lead, h, now);
        if (typeof personId === "object" && personId !== null) return personId;
        // An e-mail Pipedrive does not know: no person, so no lead of an earlier try.
        if (lead.email && personId === null) return null;
        const since = new Date(new Date(lead.created_at).getTime() - LOOKUP_SKEW_MS);
        const origin = pipedriveOriginId(lead);
        for (let page = 0; page < LOOKUP_PAGES; page += 1) {
          const query = new URLSearchParams({
            updated_since: since.toISOString().replace(/\.\d{3}Z$/, "Z"),
            sort: "add_time DESC",
            limit: "500",
            start: String(page * 500),
            ...(personId === null ? {} : { person_id: String(personId) }),
          });
          const listed = await http.request({
            method: "GET",
            url: `${baseUrl}/v1/leads?${query}`,
            headers: h,
          });
          const outcome = waitingForReset(outcomeOfResponse(listed, now), listed, RESET);
          if (outcome.kind !== "delivered") return outcome;
          const body = jsonOf(listed.body) as {
            data?: { id?: unknown; origin_id?: unknown }[] | null;
            additional_data?: { more_items_in_collection?: unknown };
          } | null;
          const found = body?.data?.find((l) => l.origin_id === origin && typeof l.id === "string");
          if (found) {
            const leadId = String(found.id);
            const notes = await http.request({
              method: "GET",
              url: `${baseUrl}/v1/notes?${new URLSearchParams({ lead_id: leadId, limit: "1" })}`,
              headers: h,
            });
            const hasNote =
              notes.status >= 200 &&
              notes.status < 300 &&
              ((jsonOf(notes.body) as { data?: unknown[] | null } | null)?.data?.length ?? 0) > 0;
            const noted = hasNote ? null : await addNote(lead, leadId, h);
            return {
              kind: "delivered",
              statusCode: listed.status,
              remoteId: leadId,
              response: `found: an earlier try made it${noted ? `; ${noted}` : ""}`,
            };
          }
          if (body?.additional_data?.more_items_in_collection !== true) return null;
        }
        return null;
      }),
  };
}

/** Checks an API token once (on connecting): null when Pipedrive accepts it, else its answer. */
export function checkPipedriveToken(http: OutgoingHttp, baseUrl: string, token: string) {
  return checkWith(http, { method: "GET", url: `${baseUrl}/v1/users/me`, headers: headers(token) });
}
