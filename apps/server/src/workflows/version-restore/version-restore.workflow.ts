import type { Quiz } from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { findPublication } from "../../modules/publication";
import { bumpDraftVersion } from "../../modules/quiz-access";
import { createQuizzesService, findOwnedQuiz } from "../../modules/quizzes";
import { revalidateFormulas } from "../question-editing";
import { rewriteDraft } from "./version-restore.repository";

export type VersionRestoreWorkflow = ReturnType<typeof createVersionRestoreWorkflow>;

/**
 * `POST quiz/{id}/publications/{version}/restore/` (restoreQuizPublication): the draft
 * becomes the published version, in one transaction (the quiz row locked): every row the
 * snapshot names is written back, the formulas are checked again by the engine, and the
 * draft version moves on, so the quiz shows "unpublished changes" until it is published.
 * Visitors keep the live snapshot. Another account's quiz or an unknown version: 404.
 */
export function createVersionRestoreWorkflow(ctx: Pick<AppContext, "db" | "config" | "database">) {
  const quizzesService = createQuizzesService(ctx);
  return {
    async restore(userId: number, quizId: number, version: number): Promise<Quiz> {
      await ctx.db.transaction(async (tx) => {
        const quiz = await findOwnedQuiz(tx, userId, quizId, true);
        if (!quiz) throw new AppError("not_found");
        const snapshot = await findPublication(tx, quiz.id, version);
        if (!snapshot) throw new AppError("not_found");
        await rewriteDraft(tx, quiz, snapshot, ctx.config.publicUrl);
        await revalidateFormulas(tx, quiz.id);
        await bumpDraftVersion(tx, quiz.id);
      });
      return quizzesService.get(userId, quizId);
    },
  };
}
