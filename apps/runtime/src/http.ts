import type { QuizEvent } from "./events";
import type { PageContext } from "./page-context";

/** The public address of a quiz's calls. */
export const quizPath = (apiBase: string, quizKey: string) =>
  `${apiBase}/public/quiz/${encodeURIComponent(quizKey)}`;

/** `POST`s `body` as JSON, kept alive: the call goes on when the page closes. */
export const postJson = (url: string, body: unknown, headers?: Record<string, string>) =>
  fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
    keepalive: true,
  });

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
      const response = await postJson(`${apiBase}/client-sessions/`, {
        quiz: quizKey,
        service_session: true,
        utm: page.utm,
        referrer: page.referrer,
        page_url: page.page_url,
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

/** The funnel step of an event (`reach`: a question shown), or null when it is none. */
function funnelStep(event: QuizEvent): { type: string; question: number | null } | null {
  switch (event.type) {
    case "view":
    case "start":
    case "contacts":
    case "result":
      return { type: event.type, question: null };
    case "answer":
      return { type: "answer", question: event.question };
    case "step":
      return event.step.kind === "question" && event.step.question !== null
        ? { type: "reach", question: event.step.question }
        : null;
    default:
      return null;
  }
}

/**
 * `POST public/quiz/{key}/events/` for funnel events (a question shown is `reach`), after
 * the session is known; fire-and-forget (`keepalive`, failures ignored), never in the
 * visitor's way.
 */
export function eventSender(apiBase: string, quizKey: string, session: SessionSource) {
  return (event: QuizEvent): void => {
    const step = funnelStep(event);
    if (!step) return;
    const { type, question } = step;
    void session()
      .then((id) =>
        postJson(`${quizPath(apiBase, quizKey)}/events/`, { session: id, type, question }),
      )
      .catch(() => undefined);
  };
}
