import { outcomeOfError, outcomeOfResponse } from "../http/http-outcome";
import type { OutgoingHttp, OutgoingResponse } from "../http/outgoing-http";
import { summaryMarker, summaryText } from "../summary-text";
import { inTargetWords, jsonOf, sendingOutcome, unreadableList } from "../target-call";
import type { DeliveryAdapter, DeliveryLead, SendOutcome } from "../types";

const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"];

/** `POST /pipelines/cards` body of a lead: contact, summary, top-level UTM, source. */
export function keycrmCard(lead: DeliveryLead, sourceId: number | null) {
  const card: Record<string, unknown> = {
    title: `${lead.quiz.title} — ${lead.name || lead.phone || lead.email || `#${lead.id}`}`,
    manager_comment: summaryText(lead),
    contact: {
      full_name: lead.name,
      email: lead.email,
      // The international format with "+", without the spaces we store for reading.
      phone: lead.phone.replace(/[^\d+]/g, ""),
    },
  };
  if (sourceId !== null) card.source_id = sourceId;
  for (const key of UTM_KEYS) {
    const value = lead.utm[key];
    if (value) card[key] = value;
  }
  return card;
}

const headers = (token: string) => ({
  authorization: `Bearer ${token}`,
  "content-type": "application/json",
  accept: "application/json",
});

function remoteId(body: string): string | null {
  const id = (jsonOf(body) as { id?: unknown } | undefined)?.id;
  return typeof id === "number" || typeof id === "string" ? String(id) : null;
}

/** KeyCRM allows 60 requests a minute per key; a 429 without `Retry-After` waits that minute. */
const RATE_WINDOW_MS = 60_000;
/** Cards a lookup reads at most (pages of KeyCRM's largest page, 50). */
const LOOKUP_PAGES = 10;
const PAGE_SIZE = 50;

/**
 * The outcome of a KeyCRM answer, with KeyCRM's own text in the error (`message`, and the
 * first field error of a 422), and a rate limit waiting for `Retry-After` or its minute.
 */
function outcomeOf(response: OutgoingResponse, now: Date, id: string | null = null): SendOutcome {
  const answer = jsonOf(response.body) as { message?: unknown; errors?: unknown } | undefined;
  const fieldErrors = Object.values(
    answer?.errors && typeof answer.errors === "object" ? answer.errors : {},
  ).flat();
  const text = [answer?.message, fieldErrors[0]].filter((t) => typeof t === "string").join(" ");
  return inTargetWords(
    outcomeOfResponse(response, now, id),
    response,
    text || null,
    RATE_WINDOW_MS,
  );
}

/** A time as KeyCRM's filters take it: UTC, `YYYY-MM-DD HH:MM:SS`. */
function keycrmTime(at: number): string {
  return new Date(at).toISOString().slice(0, 19).replace("T", " ");
}

/**
 * Creates a pipeline card per lead (docs/delivery.md, "KeyCRM"). A card takes no external id,
 * so a retry after a try that may have landed first lists the cards created since the lead
 * (`filter[created_between]`, UTC) and looks for the one whose manager comment names this lead;
 * it creates only when there is none.
 */
export function createKeycrmAdapter(http: OutgoingHttp, baseUrl: string): DeliveryAdapter {
  return {
    retrySafety: "lookup",
    send: ({ lead, settings, secrets, now }) =>
      sendingOutcome(async () => {
        const source = settings.source_id ? Number(settings.source_id) : null;
        const response = await http.request({
          method: "POST",
          url: `${baseUrl}/pipelines/cards`,
          headers: headers(secrets.api_token ?? ""),
          body: JSON.stringify(keycrmCard(lead, source)),
        });
        return outcomeOf(response, now, remoteId(response.body));
      }),
    findExisting: ({ lead, secrets, now }) =>
      sendingOutcome(async (): Promise<SendOutcome | null> => {
        const from = Date.parse(lead.created_at) - 60_000;
        const window = `${keycrmTime(from)}, ${keycrmTime(now.getTime() + 60_000)}`;
        for (let page = 1; page <= LOOKUP_PAGES; page += 1) {
          const query = new URLSearchParams({
            limit: String(PAGE_SIZE),
            page: String(page),
            "filter[created_between]": window,
          });
          const response = await http.request({
            method: "GET",
            url: `${baseUrl}/pipelines/cards?${query}`,
            headers: headers(secrets.api_token ?? ""),
          });
          const outcome = outcomeOf(response, now);
          if (outcome.kind !== "delivered") return outcome;
          const answer = jsonOf(response.body) as
            | { data?: unknown; next_page_url?: unknown }
            | undefined;
          if (!Array.isArray(answer?.data))
            return unreadableList(response.status, "GET /pipelines/cards");
          const card = (answer.data as { id?: unknown; manager_comment?: unknown }[]).find(
            (c) =>
              typeof c.manager_comment === "string" &&
              c.manager_comment.includes(summaryMarker(lead)),
          );
          if (card && (typeof card.id === "number" || typeof card.id === "string")) {
            return { ...outcome, remoteId: String(card.id) };
          }
          if (!answer.next_page_url) return null;
        }
        return null;
      }),
  };
}

/** Checks an API key once (on connecting): null when KeyCRM accepts it, else its answer. */
export async function checkKeycrmToken(
  http: OutgoingHttp,
  baseUrl: string,
  token: string,
): Promise<string | null> {
  try {
    const response = await http.request({
      method: "GET",
      url: `${baseUrl}/order/source?limit=1`,
      headers: headers(token),
    });
    const outcome = outcomeOf(response, new Date());
    return outcome.kind === "delivered" ? null : outcome.error;
  } catch (error) {
    const outcome = outcomeOfError(error);
    return outcome.kind === "delivered" ? null : outcome.error;
  }
}
