import { randomUUID } from "node:crypto";
import type { QuizEventType } from "@leadquiz/contract";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { FunnelEventBatcher } from "../analytics";
import type { PublicQuizLookup } from "./public-quiz-lookup";
import { insertSession } from "./visitor-sessions.repository";

export interface VisitorSessionsDeps {
  db: Database;
  lookup: PublicQuizLookup;
  /** Writes events in batches (group commit; docs/analytics.md "Ingest"). */
  events: FunnelEventBatcher;
}

export type VisitorSessionsService = ReturnType<typeof createVisitorSessionsService>;

/**
 * The funnel of a visit (no account): a session per visit and its events, both only for a
 * published, live quiz (404 otherwise). One cached key lookup each; a session is one
 * INSERT, events share one statement per batch. A template's are answered and not stored
 * (docs/templates.md "Visitors of a template").
 */
export function createVisitorSessionsService({ db, lookup, events }: VisitorSessionsDeps) {
  return {
    async openSession(
      publicKey: string,
      visit: {
        utm?: Record<string, string> | undefined;
        referrer?: string | undefined;
        page_url?: string | undefined;
      },
    ): Promise<string> {
      const quiz = await lookup.liveQuiz(publicKey);
      if (!quiz) throw new AppError("not_found");
      // A template's visit is a rehearsal: a session id the events can carry, not stored.
      if (quiz.rehearsal) return randomUUID();
      return insertSession(db, {
        quizId: quiz.id,
        utm: visit.utm ?? {},
        referrer: visit.referrer ?? "",
        pageUrl: visit.page_url ?? "",
      });
    },

    async recordEvent(
      publicKey: string,
      event: { type: QuizEventType; session: string | null | undefined; questionId: number | null },
    ): Promise<void> {
      const quiz = await lookup.liveQuiz(publicKey);
      if (!quiz) throw new AppError("not_found");
      if (quiz.rehearsal) return;
      // The raw event and its roll-up, stored with the other events of its batch.
      await events.record({ quizId: quiz.id, ...event });
    },
  };
}
