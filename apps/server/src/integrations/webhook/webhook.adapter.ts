import { DELIVERY_PAYLOAD_VERSION, type DeliveryBody } from "@leadquiz/contract";
import { outcomeOfError, outcomeOfResponse } from "../http/http-outcome";
import type { OutgoingHttp } from "../http/outgoing-http";
import type { DeliveryAdapter, DeliveryLead } from "../types";
import { webhookSignature } from "./webhook-signature";

/** The body of a webhook delivery (`deliveryBodySchema` of packages/contract). */
export function webhookBody(eventId: string, lead: DeliveryLead): DeliveryBody {
  return {
    id: eventId,
    type: "lead.created",
    version: DELIVERY_PAYLOAD_VERSION,
    created_at: lead.created_at,
    data: { lead },
  };
}

/**
 * Secrets of a webhook: `secret`, and during a rotation `previous_secret` until
 * `previous_expires_at` (ms since epoch), so receivers that still check the old one accept.
 */
export function webhookSigningSecrets(secrets: Record<string, string>, now: Date): string[] {
  const list = secrets.secret ? [secrets.secret] : [];
  const expires = Number(secrets.previous_expires_at ?? 0);
  if (secrets.previous_secret && expires > now.getTime()) list.push(secrets.previous_secret);
  return list;
}

/**
 * The address a webhook or REST hook delivers to. It is a secret (such URLs often carry a
 * token): kept sealed with the signing secret (`secrets.url`, docs/delivery.md "Credentials");
 * rows written before that, or by an older process during an upgrade, hold it in
 * `settings.url` until the start-up sealing moves it (sealWebhookUrls, modules/delivery).
 */
export function webhookTargetUrl(
  settings: Record<string, string>,
  secrets: Record<string, string>,
): string {
  return secrets.url ?? settings.url ?? "";
}

/** POSTs the lead, signed per Standard Webhooks, to the owner's URL. */
export function createWebhookAdapter(http: OutgoingHttp): DeliveryAdapter {
  return {
    retrySafety: "idempotent",
    async send({ eventId, lead, settings, secrets, now }) {
      const body = JSON.stringify(webhookBody(eventId, lead));
      const timestamp = Math.floor(now.getTime() / 1000);
      const signature = webhookSigningSecrets(secrets, now)
        .map((secret) => webhookSignature(secret, eventId, timestamp, body))
        .join(" ");
      try {
        const response = await http.request({
          method: "POST",
          url: webhookTargetUrl(settings, secrets),
          headers: {
            "content-type": "application/json",
            "webhook-id": eventId,
            "webhook-timestamp": String(timestamp),
            "webhook-signature": signature,
          },
          body,
        });
        return outcomeOfResponse(response, now);
      } catch (error) {
        return outcomeOfError(error);
      }
    },
  };
}
