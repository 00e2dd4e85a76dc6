import type { LeadResponse, LeadSubmission } from "@leadquiz/contract";
import type { QuizEvent } from "./events";

/** An HTTP answer other than 2xx (the submission queue reads `status`). */
export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/** `POST public/quiz/{key}/lead/` (a 201 body is trusted as the contract's LeadResponse). */
export function leadSender(apiBase: string, quizKey: string) {
  return async (submission: LeadSubmission): Promise<LeadResponse> => {
    const response = await fetch(`${apiBase}/public/quiz/${encodeURIComponent(quizKey)}/lead/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(submission),
      keepalive: true,
    });
    if (!response.ok) throw new HttpError(response.status);
    return (await response.json()) as LeadResponse;
  };
}

const FUNNEL = new Set(["view", "start", "answer", "contacts", "result"]);

/** `POST public/quiz/{key}/events/` for funnel events; failures are ignored. */
export function eventSender(apiBase: string, quizKey: string, session: string | null) {
  return (event: QuizEvent): void => {
    if (!FUNNEL.has(event.type)) return;
    const body = JSON.stringify({
      session,
      type: event.type,
      question: event.type === "answer" ? event.question : null,
    });
    void fetch(`${apiBase}/public/quiz/${encodeURIComponent(quizKey)}/events/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      keepalive: true,
    }).catch(() => undefined);
  };
}
