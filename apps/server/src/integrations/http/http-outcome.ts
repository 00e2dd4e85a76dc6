import type { SendOutcome } from "../types";
import { OutgoingRequestError, type OutgoingResponse } from "./outgoing-http";

/** Answers that cannot succeed by trying again (docs/delivery.md, "Retries"). */
const PERMANENT = new Set([400, 401, 403, 404, 422]);
/** How much of a target's answer is kept in the log. */
const KEPT_ANSWER_CHARS = 500;
/** A Retry-After further away than this is treated as this. */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** The outcome of an HTTP answer of a target (2xx delivered, the rest by status). */
export function outcomeOfResponse(
  response: OutgoingResponse,
  now: Date,
  remoteId: string | null = null,
): SendOutcome {
  const { status } = response;
  const text = response.body.slice(0, KEPT_ANSWER_CHARS);
  if (status >= 200 && status < 300) {
    return { kind: "delivered", statusCode: status, remoteId, response: text };
  }
  const error = `HTTP ${status}${text ? `: ${text}` : ""}`;
  if (status === 410) return { kind: "failed", statusCode: status, error, disable: true };
  if (PERMANENT.has(status) || (status >= 300 && status < 400)) {
    return { kind: "failed", statusCode: status, error, disable: false };
  }
  return {
    kind: "retry",
    statusCode: status,
    error,
    retryAfterMs: retryAfterMs(response.headers["retry-after"], now),
  };
}

/** The outcome of a call that got no answer (refused address, time-out, network). */
export function outcomeOfError(error: unknown): SendOutcome {
  if (error instanceof OutgoingRequestError) {
    const permanent = ["invalid_url", "https_required", "forbidden_address"].includes(error.code);
    return permanent
      ? { kind: "failed", statusCode: null, error: error.message, disable: false }
      : { kind: "retry", statusCode: null, error: error.message, retryAfterMs: null };
  }
  throw error;
}

/** `Retry-After` in seconds or as an HTTP date, bounded; null when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now: Date): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now.getTime();
  if (!Number.isFinite(ms) || ms < 0) return null;
  return Math.min(ms, MAX_RETRY_AFTER_MS);
}
