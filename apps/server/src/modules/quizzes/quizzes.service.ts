import {
  analyticsSchema,
  contactFormSchema,
  designSchema,
  type FormulaElement,
  type Quiz,
  type QuizCreate,
  type QuizSummary,
  type QuizUpdate,
  resultsSettingsInputSchema,
  startPageSchema,
} from "@leadquiz/contract";
import { generalFormulaVerdict } from "@leadquiz/engine";
import type { z } from "zod";
import type { AppContext } from "../../app-context";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { forgetPublishedQuiz } from "../publication";
import { loadQuestions } from "../questions";
import { bumpDraftVersion, ownsProject } from "../quiz-access";
import { applyMergePatch, revalidate } from "./merge-patch";
import {
  analyticsDefaults,
  contactFormDefaults,
  defaultText,
  designDefaults,
  quizLanguageIdFor,
  resultsSettingsDefaults,
  startPageDefaults,
} from "./quiz-defaults";
import { countLeadsByQuiz } from "./quiz-leads-count.repository";
import { type QuizRow, toQuiz, toQuizSummary } from "./quizzes.presenter";
import {
  findOwnedQuiz,
  findUserLanguage,
  hideQuiz,
  insertQuizWithDefaults,
  listOwnedQuizzes,
  type QuizChanges,
  updateQuiz,
} from "./quizzes.repository";

export type QuizzesService = ReturnType<typeof createQuizzesService>;

/** The nested objects of a quiz: their stored column, full schema and defaults. */
const nested = {
  start_page: { column: "startPage", schema: startPageSchema, defaults: startPageDefaults },
  design: { column: "design", schema: designSchema, defaults: designDefaults },
  contact_form: { column: "contactForm", schema: contactFormSchema, defaults: contactFormDefaults },
  results_settings: {
    column: "resultsSettings",
    schema: resultsSettingsInputSchema,
    defaults: resultsSettingsDefaults,
  },
  analytics: { column: "analytics", schema: analyticsSchema, defaults: analyticsDefaults },
} as const satisfies Record<string, { column: keyof QuizRow; schema: z.ZodType; defaults: object }>;
type NestedKey = keyof typeof nested;
const nestedKeys = Object.keys(nested) as NestedKey[];

/**
 * Quizzes of the caller's projects: list, read, create (with the defaults), copy, change
 * (nested objects merged, the general formula checked by the engine, moving between the
 * caller's projects) and hide. Another account's quiz or project answers 404.
 */
export function createQuizzesService(ctx: Pick<AppContext, "db" | "config" | "database">) {
  /** The Quiz of a row, its leads counted inside the caller's transaction (or not). */
  async function present(db: DbOrTx, row: QuizRow): Promise<Quiz> {
    const counts = await countLeadsByQuiz(db, [row.id]);
    return toQuiz(row, ctx.config, counts.get(row.id) ?? 0);
  }

  return {
    /** `GET quiz/?project=`: the caller's live quizzes (of that project: 404 unless theirs). */
    async list(userId: number, projectId?: number): Promise<QuizSummary[]> {
      if (projectId !== undefined && !(await ownsProject(ctx.db, userId, projectId))) {
        throw new AppError("not_found");
      }
      const rows = await listOwnedQuizzes(
        ctx.db,
        userId,
        projectId === undefined ? undefined : [projectId],
      );
      const counts = await countLeadsByQuiz(
        ctx.db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toQuizSummary(row, ctx.config, counts.get(row.id) ?? 0));
    },

    async get(userId: number, id: number): Promise<Quiz> {
      const row = await findOwnedQuiz(ctx.db, userId, id);
      if (!row) throw new AppError("not_found");
      return present(ctx.db, row);
    },

    /**
     * `POST quiz/`: a quiz in one of the caller's projects. Missing fields take the
     * defaults: title "New quiz" and the language of the owner's interface, the nested
     * objects of quiz-defaults.ts, the name, phone and e-mail form fields.
     */
    async create(userId: number, body: QuizCreate): Promise<Quiz> {
      return ctx.db.transaction(async (tx) => {
        if (!(await ownsProject(tx, userId, body.project))) throw new AppError("not_found");
        const languageCode = await findUserLanguage(tx, userId);
        const objects = mergeNested(emptyNested(), body);
        const row = await insertQuizWithDefaults(tx, {
          projectId: body.project,
          userId,
          title: body.title ?? defaultText(languageCode, "quiz"),
          language: body.language ?? quizLanguageIdFor(languageCode),
          ...(body.currency === undefined ? {} : { currency: body.currency }),
          startPage: objects.start_page,
          design: objects.design,
          contactForm: objects.contact_form,
          resultsSettings: objects.results_settings,
          analytics: objects.analytics,
          // A new quiz has no questions: question elements are unknown to the engine.
          generalFormulaErrors: generalFormulaVerdict(
            objects.results_settings.general_formula ?? [],
            [],
          ),
        });
        return present(tx, row);
      });
    },

    /** The API's `Quiz` of a row (workflows that write quizzes answer with it). */
    present,

    /**
     * `PATCH quiz/{id}/`: plain fields replace, nested objects merge (RFC 7386) and are
     * re-validated whole; a changed general formula is checked by the engine against the
     * quiz's questions and saved with its verdict. `project` moves the quiz to another
     * live project of the caller (404 otherwise). Bumps the draft version.
     */
    async update(userId: number, id: number, body: QuizUpdate): Promise<Quiz> {
      return ctx.db.transaction(async (tx) => {
        const row = await findOwnedQuiz(tx, userId, id, true);
        if (!row) throw new AppError("not_found");
        const changes: QuizChanges = {};
        if (body.project !== undefined && body.project !== row.projectId) {
          if (!(await ownsProject(tx, userId, body.project))) {
            throw new AppError("not_found");
          }
          changes.projectId = body.project;
        }
        if (body.title !== undefined) changes.title = body.title;
        if (body.language !== undefined) changes.language = body.language;
        if (body.currency !== undefined) changes.currency = body.currency;
        const objects = mergeNested(storedNested(row), body);
        changes.startPage = objects.start_page;
        changes.design = objects.design;
        changes.contactForm = objects.contact_form;
        changes.resultsSettings = objects.results_settings;
        changes.analytics = objects.analytics;
        if (body.results_settings?.general_formula !== undefined) {
          changes.generalFormulaErrors = await checkGeneralFormula(
            tx,
            id,
            objects.results_settings.general_formula ?? [],
          );
        }
        await updateQuiz(tx, id, changes);
        await bumpDraftVersion(tx, id);
        const updated = await findOwnedQuiz(tx, userId, id);
        if (!updated) throw new AppError("not_found");
        return present(tx, updated);
      });
    },

    /** `DELETE quiz/{id}/`: hides the quiz (leads stay) and frees its subdomain. */
    async remove(userId: number, id: number): Promise<void> {
      const publicKey = await ctx.db.transaction(async (tx) => {
        const row = await findOwnedQuiz(tx, userId, id, true);
        if (!row) throw new AppError("not_found");
        await hideQuiz(tx, id);
        return row.publicKey;
      });
      // Gone for visitors of this process at once, of the others on the notification.
      forgetPublishedQuiz(ctx.database, publicKey);
    },
  };
}

/**
 * The engine's verdict on a general formula against the quiz's current questions
 * ([] = valid). Exported for the modules that change questions (a deleted question's
 * elements are removed and the formula is checked again).
 */
export async function checkGeneralFormula(
  db: DbOrTx,
  quizId: number,
  formula: readonly FormulaElement[],
) {
  return generalFormulaVerdict(formula, await loadQuestions(db, quizId));
}

type StoredNested = { [K in NestedKey]: QuizRow[(typeof nested)[K]["column"]] };

function emptyNested(): StoredNested {
  return { start_page: {}, design: {}, contact_form: {}, results_settings: {}, analytics: {} };
}

function storedNested(row: QuizRow): StoredNested {
  return {
    start_page: row.startPage,
    design: row.design,
    contact_form: row.contactForm,
    results_settings: row.resultsSettings,
    analytics: row.analytics,
  };
}

/**
 * Merges the body's nested patches into the stored objects and checks each merged object
 * (over its defaults) with its full schema: 400 on `design.button_color` etc.
 */
function mergeNested(
  stored: StoredNested,
  body: Partial<Record<NestedKey, unknown>>,
): StoredNested {
  const result = { ...stored };
  for (const key of nestedKeys) {
    const patch = body[key];
    if (patch === undefined || patch === null) continue;
    const merged = applyMergePatch(
      stored[key] as Record<string, unknown>,
      patch as Record<string, unknown>,
    );
    revalidate(nested[key].schema, { ...nested[key].defaults, ...merged }, key);
    (result as Record<NestedKey, unknown>)[key] = merged;
  }
  return result;
}
