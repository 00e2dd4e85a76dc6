import type { MailMessage } from "../../mail/mailer";
import type { DeliveryAdapter, SendOutcome } from "../types";
import { renderLeadEmail } from "./lead-email";

export type SendMail = (message: MailMessage, label: string) => Promise<string>;

/** Addresses a visitor may be replied to at (a plain address, nothing that adds headers). */
const REPLYABLE = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/;

/**
 * Sends the lead e-mail to the integration's address with the project's mailer, replying to
 * the visitor. SMTP 4xx and connection errors are retried; 5xx answers are final.
 *
 * SMTP has no idempotency: a try whose answer was lost may have been accepted, and its retry
 * is a second e-mail (`retrySafety: "none"`). Every try of one delivery carries the same
 * Message-ID (`lead.<delivery id>@<sender's domain>`), so a mailbox that drops a message it
 * already holds (docs/delivery.md "E-mail") shows the lead once.
 */
export function createEmailAdapter(sendMail: SendMail): DeliveryAdapter {
  return {
    retrySafety: "none",
    async send({ lead, settings, language, eventId, test }): Promise<SendOutcome> {
      const rendered = renderLeadEmail(lead, language, test);
      try {
        const messageId = await sendMail(
          {
            to: settings.email ?? "",
            ...rendered,
            ...(REPLYABLE.test(lead.email) ? { replyTo: lead.email } : {}),
            headers: { "X-Lead-Id": String(lead.id), "X-Delivery-Id": eventId },
            stableId: `lead.${eventId}`,
          },
          "lead",
        );
        return { kind: "delivered", statusCode: null, remoteId: messageId, response: "" };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        const message = `${code ? `SMTP ${code}: ` : ""}${(error as Error).message}`.slice(0, 500);
        if (code !== undefined && code >= 500) {
          return { kind: "failed", statusCode: null, error: message, disable: false };
        }
        return { kind: "retry", statusCode: null, error: message, retryAfterMs: null };
      }
    },
  };
}
