import { outcomeOfError, outcomeOfResponse } from "../http/http-outcome";
import type { OutgoingHttp } from "../http/outgoing-http";
import { summaryText } from "../summary-text";
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
  try {
    const id = (JSON.parse(body) as { id?: unknown }).id;
    return typeof id === "number" || typeof id === "string" ? String(id) : null;
  } catch {
    return null;
  }
}

/** Creates a pipeline card per lead (docs/delivery.md, "KeyCRM"). */
export function createKeycrmAdapter(http: OutgoingHttp, baseUrl: string): DeliveryAdapter {
  return {
    retrySafety: "none",
    async send({ lead, settings, secrets, now }): Promise<SendOutcome> {
      const source = settings.source_id ? Number(settings.source_id) : null;
      try {
        const response = await http.request({
          method: "POST",
          url: `${baseUrl}/pipelines/cards`,
          headers: headers(secrets.api_token ?? ""),
          body: JSON.stringify(keycrmCard(lead, source)),
        });
        return outcomeOfResponse(response, now, remoteId(response.body));
      } catch (error) {
        return outcomeOfError(error);
      }
    },
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
    const outcome = outcomeOfResponse(response, new Date());
    return outcome.kind === "delivered" ? null : outcome.error;
  } catch (error) {
    const outcome = outcomeOfError(error);
    return outcome.kind === "delivered" ? null : outcome.error;
  }
}
