import type { LeadResponse, LeadSubmission } from "@leadquiz/contract";
import type { QuizEvent } from "./events";
import type { PageContext } from "./page-context";

/** An HTTP answer other than 2xx (the submission queue reads `status`, the form `body`). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown = null,
  ) {
    super(`HTTP ${status}`);
  }
}

const quizPath = (apiBase: string, quizKey: string) =>
  `${apiBase}/public/quiz/${encodeURIComponent(quizKey)}`;

/**
 * `POST public/quiz/{key}/lead/` (a 201 body is trusted as the contract's LeadResponse; a
 * 4xx body, e.g. the per-field errors of a 400, rides on the HttpError). The server's
 * messages come in the quiz language.
 */
export function leadSender(apiBase: string, quizKey: string, language = "en") {
  return async (submission: LeadSubmission): Promise<LeadResponse> => {
    const response = await fetch(`${quizPath(apiBase, quizKey)}/lead/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": language },
      body: JSON.stringify(submission),
      keepalive: true,
    });
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      throw new HttpError(response.status, body);
    }
    return (await response.json()) as LeadResponse;
  };
}

/** The visitor session of a quiz: made once per tab session, then read from its storage. */
export type SessionSource = () => Promise<string | null>;

type SessionStorageLike = Pick<Storage, "getItem" | "setItem">;

function tabStorage(): SessionStorageLike | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * `POST client-sessions/` once per visit: the session id is kept in `sessionStorage` under
 * `leadquiz:session:{key}`, so reloading or moving between pages of one visit reuses it.
 * Resolves to null when the call fails (the funnel then goes without a session).
 */
export function sessionSource(
  apiBase: string,
  quizKey: string,
  page: PageContext,
  storage: SessionStorageLike | null = tabStorage(),
): SessionSource {
  const storageKey = `leadquiz:session:${quizKey}`;
  let pending: Promise<string | null> | null = null;
  const create = async (): Promise<string | null> => {
    try {
      const stored = storage?.getItem(storageKey);
      if (stored) return stored;
    } catch {
      // blocked storage: a new session per page
    }
    try {
      const response = await fetch(`${apiBase}/client-sessions/`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          quiz: quizKey,
          service_session: true,
          utm: page.utm,
          referrer: page.referrer,
          page_url: page.page_url,
        }),
        keepalive: true,
      });
      if (!response.ok) return null;
      const body = (await response.json()) as { session?: unknown };
      const session = typeof body.session === "string" ? body.session : null;
      try {
        if (session) storage?.setItem(storageKey, session);
      } catch {
        // storage full or blocked
      }
      return session;
    } catch {
      return null;
    }
  };
  return () => {
    pending = pending ?? create();
    return pending;
  };
}

const FUNNEL = new Set(["view", "start", "answer", "contacts", "result"]);

/**
 * `POST public/quiz/{key}/events/` for funnel events, after the session is known;
 * fire-and-forget (`keepalive`, failures ignored), never in the visitor's way.
 */
export function eventSender(apiBase: string, quizKey: string, session: SessionSource) {
  return (event: QuizEvent): void => {
    if (!FUNNEL.has(event.type)) return;
    const question = event.type === "answer" ? event.question : null;
    void session()
      .then((id) =>
        fetch(`${quizPath(apiBase, quizKey)}/events/`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ session: id, type: event.type, question }),
          keepalive: true,
        }),
      )
      .catch(() => undefined);
  };
}
