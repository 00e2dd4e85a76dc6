import type { LeadResponse, LeadSubmission } from "@leadquiz/contract";

/** The part of `localStorage` the queue uses. */
export type QueueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface SubmissionQueueOptions {
  /** The quiz's public key: pending submissions are kept per quiz. */
  quizKey: string;
  /** Sends one submission; rejects with an error carrying `status` for an HTTP answer. */
  send: (submission: LeadSubmission) => Promise<LeadResponse>;
  storage?: QueueStorage | null;
  /** Runs `task` after `ms` (setTimeout by default; tests drive their own clock). */
  schedule?: (task: () => void, ms: number) => void;
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Called once per submission when the server has acknowledged it. */
  onAcknowledged?: (submission: LeadSubmission, response: LeadResponse | null) => void;
}

/** What the first attempt of a submission came to. */
export type SubmitOutcome =
  | { status: "sent"; response: LeadResponse }
  | { status: "queued" }
  /** A final answer other than 2xx (the submission is dropped); `body`: e.g. a 400's fields. */
  | { status: "rejected"; code: number; body?: unknown }
  /**
   * 410: the quiz closed longer ago than the server's grace period (`body`: its reason).
   * The submission stays in storage (sent again on a later visit, should the quiz come
   * back) but is not retried on this page.
   */
  | { status: "closed"; body?: unknown };

export interface SubmissionQueue {
  /** Keeps the submission until acknowledged; resolves after the first attempt. */
  submit(submission: LeadSubmission): Promise<SubmitOutcome>;
  /** Sends every pending submission of the quiz again (on mount: a previous visit's). */
  flush(): void;
  /** The submissions not yet acknowledged. */
  pending(): LeadSubmission[];
}

const KEY_PREFIX = "leadquiz:pending:";

/** The HTTP status of a failed send, or null for a network failure. */
export function statusOf(error: unknown): number | null {
  if (typeof error === "object" && error !== null && "status" in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === "number") return status;
  }
  return null;
}

/** The answer of a quiz that no longer takes leads (docs/leads.md "Closed quizzes"). */
export const QUIZ_CLOSED_STATUS = 410;

/** Retry on network failures, 408, 429 and 5xx; any other answer is final. */
export function isRetryable(status: number | null): boolean {
  return status === null || status === 408 || status === 429 || status >= 500;
}

/** Exponential backoff with equal jitter: half the capped delay plus a random half. */
export function backoffDelay(
  attempt: number,
  random: () => number,
  baseMs = 1000,
  maxMs = 60_000,
): number {
  const capped = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(capped / 2 + (random() * capped) / 2);
}

/**
 * The lead-never-lost queue: a submission (with its client-made `submission_id`) is written
 * to storage before the first attempt and removed only when the server acknowledges it
 * (2xx, or a 4xx other than 408/410/429; a 429 to the first attempt of `submit`, the form's,
 * is final too: the visitor is told it was refused). Failures are retried with backoff while the page
 * is open; `flush()` on the next visit sends what is left. A 410 (the quiz closed) stops
 * the tries but keeps the submission: nothing the visitor typed is thrown away. The server is idempotent by
 * `submission_id`, so a resend never makes a second lead.
 */
export function createSubmissionQueue(options: SubmissionQueueOptions): SubmissionQueue {
  const storageKey = KEY_PREFIX + options.quizKey;
  const storage = options.storage ?? null;
  const schedule = options.schedule ?? ((task, ms) => void setTimeout(task, ms));
  const random = options.random ?? Math.random;
  const inFlight = new Set<string>();
  let memory: LeadSubmission[] = [];

  const read = (): LeadSubmission[] => {
    if (!storage) return memory;
    try {
      const parsed: unknown = JSON.parse(storage.getItem(storageKey) ?? "[]");
      return Array.isArray(parsed) ? (parsed as LeadSubmission[]) : [];
    } catch {
      return memory;
    }
  };
  const write = (list: LeadSubmission[]) => {
    memory = list;
    if (!storage) return;
    try {
      if (list.length === 0) storage.removeItem(storageKey);
      else storage.setItem(storageKey, JSON.stringify(list));
    } catch {
      // Storage full or blocked (private mode, sandboxed frame): keep it in memory.
    }
  };
  const keep = (submission: LeadSubmission) => {
    const list = read().filter((item) => item.submission_id !== submission.submission_id);
    write([...list, submission]);
  };
  const drop = (id: string) => write(read().filter((item) => item.submission_id !== id));

  const attempt = async (
    submission: LeadSubmission,
    tries: number,
    fromForm = false,
  ): Promise<SubmitOutcome> => {
    const id = submission.submission_id;
    try {
      const response = await options.send(submission);
      drop(id);
      inFlight.delete(id);
      options.onAcknowledged?.(submission, response);
      return { status: "sent", response };
    } catch (error) {
      const status = statusOf(error);
      const body =
        typeof error === "object" && error !== null && "body" in error ? error.body : null;
      if (status === QUIZ_CLOSED_STATUS) {
        inFlight.delete(id);
        return body == null ? { status: "closed" } : { status: "closed", body };
      }
      // The form's first attempt refused for the rate of the visitor's address (429,
      // docs/leads.md): final, so the visitor is told and the form keeps the answers; a retry
      // or a later visit's flush keeps trying as before.
      const refused = fromForm && !tries && status === 429;
      if (status !== null && (refused || !isRetryable(status))) {
        drop(id);
        inFlight.delete(id);
        options.onAcknowledged?.(submission, null);
        return body == null
          ? { status: "rejected", code: status }
          : { status: "rejected", code: status, body };
      }
      const delay = backoffDelay(tries, random, options.baseDelayMs, options.maxDelayMs);
      schedule(() => void attempt(submission, tries + 1), delay);
      return { status: "queued" };
    }
  };

  const start = (submission: LeadSubmission, fromForm = false): Promise<SubmitOutcome> | null => {
    if (inFlight.has(submission.submission_id)) return null;
    inFlight.add(submission.submission_id);
    return attempt(submission, 0, fromForm);
  };

  return {
    submit(submission) {
      keep(submission);
      return start(submission, true) ?? Promise.resolve({ status: "queued" });
    },
    flush() {
      for (const submission of read()) void start(submission);
    },
    pending: read,
  };
}
