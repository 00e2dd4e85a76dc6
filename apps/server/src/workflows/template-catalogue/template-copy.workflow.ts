import {
  type CopyTemplate,
  type Quiz,
  quizLanguages,
  type TemplateTheme,
  type TemplateType,
} from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { findOwnedProject } from "../../modules/projects";
import { storeSnapshot } from "../../modules/publication";
import { createQuizzesService } from "../../modules/quizzes";
import { findLiveTemplate, listTemplateRows, upsertTemplateRow } from "../../modules/templates";
import { buildPublicQuiz } from "../publishing";
import { copyQuiz } from "../quiz-copy";
import {
  ensureSystemAccount,
  findLiveQuiz,
  findQuizVersion,
  hideTemplateQuiz,
  lockTemplateSeed,
} from "./template-seed.repository";

export type TemplateCopyWorkflow = ReturnType<typeof createTemplateCopyWorkflow>;

export interface MakeTemplateInput {
  type: TemplateType;
  theme: TemplateTheme;
  /** Default `quiz-{id}`. */
  slug?: string | undefined;
  description?: string | undefined;
  sort?: number | undefined;
}

export interface MadeTemplate {
  id: number;
  slug: string;
  language: string;
  title: string;
}

/**
 * Copies out of the catalogue and into it (docs/templates.md): `copy` makes a template
 * the caller's quiz; `makeTemplate` (the operator) turns any quiz into a template.
 */
export function createTemplateCopyWorkflow(ctx: Pick<AppContext, "db" | "config" | "database">) {
  const quizzes = createQuizzesService(ctx);
  return {
    /**
     * `POST copy-template/`: a deep copy of the template's quiz into a live project of the
     * caller, unpublished, titled as the template. 404 for a project not theirs or a quiz
     * that is not a live template.
     */
    async copy(userId: number, body: CopyTemplate): Promise<Quiz> {
      const row = await ctx.db.transaction(async (tx) => {
        const project = await findOwnedProject(tx, userId, body.project);
        if (!project) throw new AppError("not_found");
        const template = await findLiveTemplate(tx, body.template);
        if (!template) throw new AppError("not_found");
        return copyQuiz(tx, {
          sourceQuizId: template.quizId,
          projectId: project.id,
          title: template.title,
          userId,
        });
      });
      return quizzes.present(ctx.db, row);
    },

    /**
     * The operator's `make-template`: a copy of the quiz (any account's) goes to the system
     * account, is published and listed under `slug` in the quiz's language; a template of
     * the same slug and language made before is replaced (its quiz hidden).
     */
    async makeTemplate(quizId: number, input: MakeTemplateInput): Promise<MadeTemplate> {
      return ctx.db.transaction(async (tx) => {
        await lockTemplateSeed(tx);
        const source = await findLiveQuiz(tx, quizId);
        if (!source) throw new AppError("not_found");
        const language =
          quizLanguages.find((candidate) => candidate.id === source.language)?.code ?? "en";
        const slug = input.slug ?? `quiz-${quizId}`;
        const owner = await ensureSystemAccount(tx);
        const copy = await copyQuiz(tx, {
          sourceQuizId: source.id,
          projectId: owner.projectId,
          title: source.title,
          userId: owner.userId,
        });
        const quiz = await findQuizVersion(tx, copy.id);
        if (!quiz) throw new Error("makeTemplate: the copy vanished");
        await storeSnapshot(tx, quiz, (version) =>
          buildPublicQuiz(tx, quiz.id, ctx.config, version),
        );
        const previous = (await listTemplateRows(tx)).find(
          (row) => row.slug === slug && row.language === language,
        );
        if (previous) await hideTemplateQuiz(tx, previous.quizId);
        await upsertTemplateRow(tx, {
          quizId: copy.id,
          slug,
          type: input.type,
          theme: input.theme,
          language,
          description: input.description ?? "",
          sort: input.sort ?? 1000,
          hash: null,
        });
        return { id: copy.id, slug, language, title: source.title };
      });
    },
  };
}
