import type { LeadResponse, LeadSubmission } from "@leadquiz/contract";
import { postJson, quizPath } from "./http";

// Sending a lead: called by the lead queue only, so in the later screens' chunk with it
// (docs/adr/0011); the entry's http.ts keeps the session and the funnel events.

/** An HTTP answer other than 2xx (the submission queue reads `status`, the form `body`). */
export class HttpError extends Error {
  // Assigned, not class fields: es2020 output would need a defineProperty helper for them.
  declare readonly status: number;
  declare readonly body: unknown;
  constructor(status: number, body: unknown = null) {
    super(`HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

/**
 * `POST public/quiz/{key}/lead/` (a 201 body is trusted as the contract's LeadResponse; a
 * 4xx body, e.g. the per-field errors of a 400, rides on the HttpError). The server's
 * messages come in the quiz language.
 */
export function leadSender(apiBase: string, quizKey: string, language = "en") {
  return async (submission: LeadSubmission): Promise<LeadResponse> => {
    const response = await postJson(`${quizPath(apiBase, quizKey)}/lead/`, submission, {
      "Accept-Language": language,
    });
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      throw new HttpError(response.status, body);
    }
    return (await response.json()) as LeadResponse;
  };
}
