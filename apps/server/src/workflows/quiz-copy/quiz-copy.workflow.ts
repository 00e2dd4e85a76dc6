import { type Project, type Quiz, TITLE_MAX_LENGTH } from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { createProjectsService, findOwnedProject, insertProject } from "../../modules/projects";
import {
  copyTitle,
  createQuizzesService,
  findOwnedQuiz,
  findUserLanguage,
  listOwnedQuizzes,
} from "../../modules/quizzes";
import { assertProjectAllowed, tariffTerms } from "../../modules/tariffs";
import { copyQuiz } from "./quiz-copy.repository";

export type QuizCopyWorkflow = ReturnType<typeof createQuizCopyWorkflow>;

/**
 * Deep copies (docs/api.md "Projects and quizzes"): a quiz with everything in it
 * (questions, answers, conditions, results, fields, additions, config — every module of
 * the quiz), and a project with a copy of each of its live quizzes. Each copy is one
 * transaction: all or nothing.
 */
export function createQuizCopyWorkflow(ctx: Pick<AppContext, "db" | "config" | "database">) {
  const quizzes = createQuizzesService(ctx);
  const projects = createProjectsService(ctx);

  return {
    /** `POST quiz/copy/`: a deep copy into the same project, titled "… (copy)". */
    async copyQuiz(userId: number, id: number): Promise<Quiz> {
      const row = await ctx.db.transaction(async (tx) => {
        const source = await findOwnedQuiz(tx, userId, id);
        if (!source) throw new AppError("not_found");
        const languageCode = await findUserLanguage(tx, userId);
        return copyQuiz(tx, {
          sourceQuizId: source.id,
          projectId: source.projectId,
          title: copyTitle(source.title, languageCode, TITLE_MAX_LENGTH),
        });
      });
      return quizzes.present(ctx.db, row);
    },

    /**
     * `POST project/copy/`: "… (copy)" with the same sites and a deep copy of every live
     * quiz (keeping their titles), all in one transaction.
     */
    async copyProject(userId: number, id: number): Promise<Project> {
      const row = await ctx.db.transaction(async (tx) => {
        const source = await findOwnedProject(tx, userId, id);
        if (!source) throw new AppError("not_found");
        await assertProjectAllowed(tx, userId, tariffTerms(ctx.config));
        const languageCode = await findUserLanguage(tx, userId);
        const copy = await insertProject(tx, {
          userId,
          title: copyTitle(source.title, languageCode, TITLE_MAX_LENGTH),
          sites: source.sites,
        });
        for (const quiz of await listOwnedQuizzes(tx, userId, [source.id])) {
          await copyQuiz(tx, { sourceQuizId: quiz.id, projectId: copy.id, title: quiz.title });
        }
        return copy;
      });
      return projects.present(userId, row);
    },
  };
}
