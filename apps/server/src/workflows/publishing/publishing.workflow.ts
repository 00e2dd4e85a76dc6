import type { Publication, PublicationVersion, PublicQuiz, Quiz } from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import type { Transaction } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { publicQuizUrl } from "../../lib/public-urls";
import {
  assertTariffAllowsPublishing,
  findPublication,
  forgetPublishedQuiz,
  listPublications,
  neverPublished,
  nextVersion,
  showSnapshot,
  storeSnapshot,
} from "../../modules/publication";
import { createQuizzesService, findOwnedQuiz, type QuizRow } from "../../modules/quizzes";
import { tariffTerms } from "../../modules/tariffs";
import { buildPublicQuiz } from "./public-quiz.builder";

export type PublishingWorkflow = ReturnType<typeof createPublishingWorkflow>;

/**
 * Publishing (docs/api.md "Publishing"): `publish` stores the current draft as the
 * immutable snapshot version n+1 and shows the quiz; `setPublished` shows or hides it
 * (showing a quiz never snapshotted snapshots it first). The snapshot reads the whole quiz
 * (questions, answers, conditions, results, fields, additions, fonts), so it spans modules.
 * The quiz row is locked for the transaction, so a publish and a concurrent content change
 * serialise: a change committed after the snapshot bumps draft_version past it.
 */
export function createPublishingWorkflow(ctx: Pick<AppContext, "db" | "config" | "database">) {
  const { db, config } = ctx;
  /**
   * This process drops its cached copy as soon as the change is committed; the others on
   * the database's notification a moment later (docs/speed.md "Published quiz cache").
   */
  const forget = (publicKey: string) => forgetPublishedQuiz(ctx.database, publicKey);
  const terms = tariffTerms(config);
  const quizzesService = createQuizzesService(ctx);

  async function snapshot(tx: Transaction, quiz: QuizRow): Promise<Publication> {
    const { version, createdAt } = await storeSnapshot(tx, quiz, (next) =>
      buildPublicQuiz(tx, quiz.id, config, next),
    );
    return {
      quiz: quiz.id,
      version,
      published_at: createdAt.toISOString(),
      public_url: publicQuizUrl(config, quiz.publicKey),
    };
  }

  async function ownedQuiz(userId: number, quizId: number): Promise<QuizRow> {
    const quiz = await findOwnedQuiz(db, userId, quizId);
    if (!quiz) throw new AppError("not_found");
    return quiz;
  }

  return {
    /**
     * The snapshot the current draft would publish (the editor's live preview): built as a
     * publish builds it, stored nowhere, with the version number the next publish takes.
     */
    async draftSnapshot(userId: number, quizId: number): Promise<PublicQuiz> {
      const quiz = await ownedQuiz(userId, quizId);
      return buildPublicQuiz(db, quiz.id, config, await nextVersion(db, quiz.id));
    },

    /** The published versions, newest first; `is_live` marks what visitors get now. */
    async versions(userId: number, quizId: number): Promise<PublicationVersion[]> {
      const quiz = await ownedQuiz(userId, quizId);
      const rows = await listPublications(db, quiz.id);
      const live = quiz.isPublished ? rows[0]?.version : undefined;
      return rows.map((row) => ({
        version: row.version,
        published_at: row.createdAt.toISOString(),
        title: row.title,
        is_live: row.version === live,
      }));
    },

    /** One published version's snapshot as it was stored (404 for no such version). */
    async versionSnapshot(userId: number, quizId: number, version: number): Promise<PublicQuiz> {
      const quiz = await ownedQuiz(userId, quizId);
      const snapshot = await findPublication(db, quiz.id, version);
      if (!snapshot) throw new AppError("not_found");
      return snapshot;
    },

    async publish(userId: number, quizId: number): Promise<Publication> {
      const { publication, publicKey } = await db.transaction(async (tx) => {
        const quiz = await findOwnedQuiz(tx, userId, quizId, true);
        if (!quiz) throw new AppError("not_found");
        await assertTariffAllowsPublishing(tx, terms, userId, "publish");
        return { publication: await snapshot(tx, quiz), publicKey: quiz.publicKey };
      });
      forget(publicKey);
      return publication;
    },

    async setPublished(userId: number, quizId: number, isPublished: boolean): Promise<Quiz> {
      const publicKey = await db.transaction(async (tx) => {
        const quiz = await findOwnedQuiz(tx, userId, quizId, true);
        if (!quiz) throw new AppError("not_found");
        await assertTariffAllowsPublishing(tx, terms, userId, isPublished ? "show" : "hide");
        if (isPublished && (await neverPublished(tx, quiz.id))) {
          await snapshot(tx, quiz);
        } else {
          await showSnapshot(tx, quiz.id, isPublished);
        }
        return quiz.publicKey;
      });
      forget(publicKey);
      return quizzesService.get(userId, quizId);
    },
  };
}
