import { outcomeOfError, outcomeOfResponse, retryAfterMs } from "./http/http-outcome";
import type { OutgoingHttp, OutgoingRequest, OutgoingResponse } from "./http/outgoing-http";
import type { DeliveryLead, SendOutcome } from "./types";

/**
 * Pieces every token target's adapter shares (docs/delivery.md, "Targets today"): reading a
 * JSON answer, the lead's title and name parts, and checking credentials once.
 */

/** The answer parsed as JSON, or undefined when it is not JSON. */
export function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** A record's title in a CRM: the quiz and who left the lead. */
export function leadTitle(lead: DeliveryLead): string {
  return `${lead.quiz.title} — ${lead.name || lead.phone || lead.email || `#${lead.id}`}`;
}

/** The name split on the first space, as CRMs with first and last names want it. */
export function nameParts(name: string): { first: string; last: string } {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(" ") };
}

/** The phone in the international format with "+", without the spaces we store for reading. */
export function compactPhone(phone: string): string {
  return phone.replace(/[^\d+]/g, "");
}

/** Runs a send (or a lookup); a call that got no answer becomes its outcome (retry or failed). */
export async function sendingOutcome<T = SendOutcome>(
  send: () => Promise<T>,
): Promise<T | SendOutcome> {
  try {
    return await send();
  } catch (error) {
    return outcomeOfError(error);
  }
}

/**
 * A lookup whose answer had no list to read (docs/delivery.md, "Exactly once at the target"):
 * retried later, never taken for "no record there".
 */
export function unreadableList(statusCode: number | null, method: string): SendOutcome {
  return { kind: "retry", statusCode, error: `${method} answered no list`, retryAfterMs: null };
}

/** Null when the outcome is a success, else what went wrong (the reason of a refused check). */
export function refusalOf(outcome: SendOutcome): string | null {
  return outcome.kind === "delivered" ? null : outcome.error;
}

/** Checks credentials once with one call: null when the target accepts them, else its answer. */
export async function checkWith(http: OutgoingHttp, request: OutgoingRequest) {
  return refusalOf(
    await sendingOutcome(async () => outcomeOfResponse(await http.request(request), new Date())),
  );
}

/**
 * A lead a mailing list cannot take: it has no e-mail address. Skipped, not failed
 * (docs/delivery.md): the log says why (`no_email`, translated by the web app), it is not
 * retried and it does not make the target "failing".
 */
export const NO_EMAIL: SendOutcome = { kind: "skipped", statusCode: null, error: "no_email" };

/**
 * A retry after a rate limit waits as long as the target's reset header says (seconds left
 * in its window, e.g. Pipedrive's and GetResponse's `x-ratelimit-reset`) when it sent no
 * `Retry-After`.
 */
export function waitingForReset(
  outcome: SendOutcome,
  response: OutgoingResponse,
  header: string,
): SendOutcome {
  if (outcome.kind !== "retry" || outcome.retryAfterMs !== null) return outcome;
  return { ...outcome, retryAfterMs: retryAfterMs(response.headers[header], new Date()) };
}

/**
 * An outcome in the target's own words (`HTTP <status>: <its text>`, docs/delivery.md), and a
 * 429 without `Retry-After` waiting `rateWindowMs`, the window of the target's documented
 * rate limit.
 */
export function inTargetWords(
  outcome: SendOutcome,
  response: OutgoingResponse,
  text: string | null,
  rateWindowMs: number,
): SendOutcome {
  if (outcome.kind === "delivered" || outcome.kind === "skipped") return outcome;
  const error = text ? `HTTP ${response.status}: ${text}` : outcome.error;
  if (outcome.kind === "failed") return { ...outcome, error };
  const wait = response.status === 429 ? (outcome.retryAfterMs ?? rateWindowMs) : null;
  return { ...outcome, error, retryAfterMs: wait ?? outcome.retryAfterMs };
}
