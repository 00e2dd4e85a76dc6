import type { Question } from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { requireOwnedQuiz } from "../quiz-access";
import { findOwnedQuestion, listQuestions, presentQuestion } from "./questions.repository";

export type QuestionsService = ReturnType<typeof createQuestionsService>;

/**
 * Questions of a quiz: list and read. Changes of a question reach its answers, the
 * conditions that reference it and the formulas that use it, so they live in
 * workflows/question-editing.
 */
export function createQuestionsService(ctx: Pick<AppContext, "db">) {
  return {
    async list(userId: number, quizId: number): Promise<Question[]> {
      await requireOwnedQuiz(ctx.db, userId, quizId);
      return (await listQuestions(ctx.db, quizId)).map(presentQuestion);
    },

    async get(userId: number, questionId: number): Promise<Question> {
      const row = await findOwnedQuestion(ctx.db, userId, questionId);
      if (!row) throw new AppError("not_found");
      return presentQuestion(row);
    },
  };
}
