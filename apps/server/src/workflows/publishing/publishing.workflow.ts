import type { Publication, Quiz } from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import type { Transaction } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { publicQuizUrl } from "../../lib/public-urls";
import {
  assertTariffAllowsPublishing,
  neverPublished,
  showSnapshot,
  storeSnapshot,
} from "../../modules/publication";
import { createQuizzesService, findOwnedQuiz, type QuizRow } from "../../modules/quizzes";
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
export function createPublishingWorkflow(ctx: Pick<AppContext, "db" | "config">) {
  const { db, config } = ctx;
  const quizzesService = createQuizzesService(ctx);

  async function snapshot(tx: Transaction, quiz: QuizRow): Promise<Publication> {
    const { version, createdAt } = await storeSnapshot(tx, quiz, (next) =>
      buildPublicQuiz(tx, quiz.id, config, next),
    );
    return {
      quiz: quiz.id,
      version,
      published_at: createdAt.toISOString(),
      public_url: publicQuizUrl(config.publicUrl, quiz.publicKey),
    };
  }

  return {
    async publish(userId: number, quizId: number): Promise<Publication> {
      return db.transaction(async (tx) => {
        const quiz = await findOwnedQuiz(tx, userId, quizId, true);
        if (!quiz) throw new AppError("not_found");
        await assertTariffAllowsPublishing(tx, userId, "publish");
        return snapshot(tx, quiz);
      });
    },

    async setPublished(userId: number, quizId: number, isPublished: boolean): Promise<Quiz> {
      await db.transaction(async (tx) => {
        const quiz = await findOwnedQuiz(tx, userId, quizId, true);
        if (!quiz) throw new AppError("not_found");
        await assertTariffAllowsPublishing(tx, userId, isPublished ? "show" : "hide");
        if (isPublished && (await neverPublished(tx, quiz.id))) {
          await snapshot(tx, quiz);
        } else {
          await showSnapshot(tx, quiz.id, isPublished);
        }
      });
      return quizzesService.get(userId, quizId);
    },
  };
}
