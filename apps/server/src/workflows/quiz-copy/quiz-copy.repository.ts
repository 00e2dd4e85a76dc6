import { type FormulaElement, FormulaElementKind } from "@leadquiz/contract";
import { asc, eq, inArray } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import {
  additions,
  answers,
  formFields,
  questionConditions,
  questions,
  quizConfigs,
  quizzes,
  resultConditions,
  results,
} from "../../db/schema";
import { type ConditionRemap, copiedConditionColumns } from "../../lib/condition-rows";

export interface CopyQuizInput {
  sourceQuizId: number;
  /** The project the copy goes into (same account; the caller checked it). */
  projectId: number;
  title: string;
  /** The copy's owner when it is another account's (a template copy); default: the source's. */
  userId?: number;
}

type QuizRow = typeof quizzes.$inferSelect;

/** The copy's id of each source question and answer. */
interface CopiedIds {
  questionIds: Map<number, number>;
  answerIds: Map<number, number>;
}

/**
 * Copies a quiz deeply inside the caller's transaction: the quiz's own fields and nested
 * objects, questions, answers, question conditions, results, result conditions, form
 * fields, additions and the quiz config. Every internal reference is remapped to the
 * copies: condition `ref_question` and `answers`, formula elements of kind 3 in results
 * and in `results_settings.general_formula`.
 *
 * The copy is a new draft: a fresh `public_key` (the column default), not published,
 * draft version 1 and never published, no landing subdomain (unique across the service).
 * Stored files are shared: the copy's media columns hold the same storage keys (files are
 * immutable — an upload always gets a new key), and `stored_files` keeps one row per key
 * (the original's). Video compression tasks are not copied.
 *
 * Rows are inserted one by one so that each new id is known for certain; a failure
 * anywhere throws and the caller's transaction leaves nothing behind.
 */
export async function copyQuiz(tx: Transaction, input: CopyQuizInput): Promise<QuizRow> {
  const [source] = await tx
    .select()
    .from(quizzes)
    .where(eq(quizzes.id, input.sourceQuizId))
    .limit(1);
  if (!source) throw new Error(`copyQuiz: quiz ${input.sourceQuizId} does not exist`);

  const [copy] = await tx
    .insert(quizzes)
    .values({
      projectId: input.projectId,
      userId: input.userId ?? source.userId,
      title: input.title,
      language: source.language,
      currency: source.currency,
      startPage: source.startPage,
      design: source.design,
      contactForm: source.contactForm,
      resultsSettings: source.resultsSettings,
      generalFormulaErrors: source.generalFormulaErrors,
      analytics: source.analytics,
    })
    .returning();
  if (!copy) throw new Error("copyQuiz: the quiz copy was not inserted");

  const copied = await copyQuestions(tx, source.id, copy.id);
  await copyResults(tx, source.id, copy.id, copied);
  await copyFormFieldsAdditionsAndConfig(tx, source.id, copy.id);

  const generalFormula = source.resultsSettings.general_formula;
  if (generalFormula === undefined || generalFormula.length === 0) return copy;
  const [updated] = await tx
    .update(quizzes)
    .set({
      resultsSettings: {
        ...source.resultsSettings,
        general_formula: remapFormula(generalFormula, copied.questionIds),
      },
    })
    .where(eq(quizzes.id, copy.id))
    .returning();
  return updated ?? copy;
}

/**
 * Copies the questions, their answers and their conditions; returns the copy's id of each
 * source question (and of each source answer) for the remapping that follows.
 */
async function copyQuestions(
  tx: Transaction,
  sourceQuizId: number,
  copyQuizId: number,
): Promise<CopiedIds> {
  const questionIds = new Map<number, number>();
  const answerIds = new Map<number, number>();
  const remap = copyRemap(questionIds, answerIds);

  const questionRows = await tx
    .select()
    .from(questions)
    .where(eq(questions.quizId, sourceQuizId))
    .orderBy(asc(questions.sort), asc(questions.id));
  for (const { id, createdAt, updatedAt, ...row } of questionRows) {
    const [inserted] = await tx
      .insert(questions)
      .values({ ...row, quizId: copyQuizId })
      .returning({ id: questions.id });
    if (inserted) questionIds.set(id, inserted.id);
  }

  const sourceQuestionIds = [...questionIds.keys()];
  if (sourceQuestionIds.length > 0) {
    const answerRows = await tx
      .select()
      .from(answers)
      .where(inArray(answers.questionId, sourceQuestionIds))
      .orderBy(asc(answers.id));
    for (const { id, createdAt, updatedAt, ...row } of answerRows) {
      const [inserted] = await tx
        .insert(answers)
        .values({ ...row, questionId: mapped(questionIds, row.questionId) })
        .returning({ id: answers.id });
      if (inserted) answerIds.set(id, inserted.id);
    }

    const conditionRows = await tx
      .select()
      .from(questionConditions)
      .where(inArray(questionConditions.questionId, sourceQuestionIds))
      .orderBy(asc(questionConditions.id));
    for (const row of conditionRows) {
      await tx.insert(questionConditions).values({
        ...copiedConditionColumns(row, remap),
        questionId: mapped(questionIds, row.questionId),
      });
    }
  }
  return { questionIds, answerIds };
}

/** Copies the results and their conditions, remapped to the copied questions and answers. */
async function copyResults(
  tx: Transaction,
  sourceQuizId: number,
  copyQuizId: number,
  { questionIds, answerIds }: CopiedIds,
): Promise<void> {
  const remap = copyRemap(questionIds, answerIds);
  const resultIds = new Map<number, number>();
  const resultRows = await tx
    .select()
    .from(results)
    .where(eq(results.quizId, sourceQuizId))
    .orderBy(asc(results.sort), asc(results.id));
  for (const { id, createdAt, updatedAt, ...row } of resultRows) {
    const [inserted] = await tx
      .insert(results)
      .values({ ...row, quizId: copyQuizId, formula: remapFormula(row.formula, questionIds) })
      .returning({ id: results.id });
    if (inserted) resultIds.set(id, inserted.id);
  }
  const sourceResultIds = [...resultIds.keys()];
  if (sourceResultIds.length > 0) {
    const conditionRows = await tx
      .select()
      .from(resultConditions)
      .where(inArray(resultConditions.resultId, sourceResultIds))
      .orderBy(asc(resultConditions.id));
    for (const row of conditionRows) {
      await tx.insert(resultConditions).values({
        ...copiedConditionColumns(row, remap),
        resultId: mapped(resultIds, row.resultId),
      });
    }
  }
}

/** Copies the form fields, the additions and the quiz config (without its subdomain). */
async function copyFormFieldsAdditionsAndConfig(
  tx: Transaction,
  sourceQuizId: number,
  copyQuizId: number,
): Promise<void> {
  const fieldRows = await tx
    .select()
    .from(formFields)
    .where(eq(formFields.quizId, sourceQuizId))
    .orderBy(asc(formFields.sort), asc(formFields.id));
  for (const { id, createdAt, updatedAt, ...row } of fieldRows) {
    await tx.insert(formFields).values({ ...row, quizId: copyQuizId });
  }

  const additionRows = await tx
    .select()
    .from(additions)
    .where(eq(additions.quizId, sourceQuizId))
    .orderBy(asc(additions.sort), asc(additions.id));
  for (const { id, createdAt, updatedAt, ...row } of additionRows) {
    await tx.insert(additions).values({ ...row, quizId: copyQuizId });
  }

  const [config] = await tx
    .select()
    .from(quizConfigs)
    .where(eq(quizConfigs.quizId, sourceQuizId))
    .limit(1);
  if (config) {
    const { id, createdAt, updatedAt, ...row } = config;
    await tx.insert(quizConfigs).values({ ...row, quizId: copyQuizId, subdomain: null });
  }
}

/**
 * Conditions point to the copied questions and answers; an id of an answer that no longer
 * exists matches nothing and is dropped.
 */
function copyRemap(
  questionIds: ReadonlyMap<number, number>,
  answerIds: ReadonlyMap<number, number>,
): ConditionRemap {
  return { question: (id) => mapped(questionIds, id), answer: (id) => answerIds.get(id) };
}

/** The copy's id of a source id (a source id of the same quiz always has one). */
function mapped(ids: ReadonlyMap<number, number>, id: number): number {
  const target = ids.get(id);
  if (target === undefined) throw new Error(`copyQuiz: no copy of id ${id}`);
  return target;
}

/**
 * Kind-3 elements point to the copied questions. An element naming a question that is not
 * in the quiz (already flagged `unknown_question`) keeps its id: it points nowhere either way.
 */
function remapFormula(
  formula: readonly FormulaElement[],
  questionIds: ReadonlyMap<number, number>,
): FormulaElement[] {
  return formula.map((element) =>
    element.kind === FormulaElementKind.Question
      ? {
          kind: FormulaElementKind.Question,
          question: questionIds.get(element.question) ?? element.question,
        }
      : element,
  );
}
