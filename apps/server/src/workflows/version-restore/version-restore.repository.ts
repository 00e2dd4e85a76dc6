import { type PublicQuiz, quizCurrencies, quizLanguages } from "@leadquiz/contract";
import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Transaction } from "../../db/client";
import {
  additions,
  answers,
  formFields,
  questionConditions,
  questions,
  quizzes,
  resultConditions,
  results,
} from "../../db/schema";
import { columnsOfCondition } from "../../lib/condition-rows";
import { fontCatalogue } from "../../modules/reference-lists";

type QuizRow = typeof quizzes.$inferSelect;

/** A stored file's URL made local again (the public URL prefix removed). */
type LocalUrl = (value: string | null) => string | null;

/**
 * Rewrites a quiz's draft from one of its published snapshots, inside the caller's
 * transaction (docs/editor.md "Preview, publishing, history"). Rows keep their ids: a row
 * of the snapshot still in the draft is updated, one deleted since is inserted again
 * with its old id (serial ids are never handed out twice, so the id is free), a row added
 * since is deleted (questions, answers, results) or switched off (form fields, additions,
 * which the snapshot lists only when enabled). Conditions are written anew. What the
 * snapshot leaves out is kept: `is_right` of answers, `send_to_email` of results, the
 * settings of switched-off fields and additions, the quiz's config and landing.
 */
export async function rewriteDraft(
  tx: Transaction,
  quiz: QuizRow,
  snapshot: PublicQuiz,
  publicUrl: string,
): Promise<void> {
  const local: LocalUrl = (value) =>
    value?.startsWith(`${publicUrl}/`) ? value.slice(publicUrl.length) : value;

  await tx
    .update(quizzes)
    .set(quizColumns(quiz, snapshot, local))
    .where(eq(quizzes.id, quiz.id));

  await restoreQuestions(tx, quiz.id, snapshot, local);
  await restoreResults(tx, quiz.id, snapshot, local);
  await restoreFormFields(tx, quiz.id, snapshot);
  await restoreAdditions(tx, quiz.id, snapshot, local);
}

/** Questions, answers and question conditions. */
async function restoreQuestions(
  tx: Transaction,
  quizId: number,
  snapshot: PublicQuiz,
  local: LocalUrl,
): Promise<void> {
  const questionIds = snapshot.questions.map((question) => question.id);
  await tx
    .delete(questions)
    .where(and(eq(questions.quizId, quizId), notIn(questions.id, questionIds)));
  for (const question of snapshot.questions) {
    const values = {
      quizId: quizId,
      sort: question.sort,
      type: question.type,
      title: question.title,
      description: question.description,
      buttonText: question.button_text,
      required: question.required,
      media: local(question.media),
      videoUrl: question.video_url,
      config: question.config,
    };
    await written(
      question.id,
      tx
        .insert(questions)
        .values({ id: question.id, ...values })
        .onConflictDoUpdate({
          target: questions.id,
          set: values,
          setWhere: eq(questions.quizId, quizId),
        })
        .returning({ id: questions.id }),
    );
  }

  if (questionIds.length > 0) {
    const answerIds = snapshot.questions.flatMap((q) => q.answers.map((answer) => answer.id));
    await tx
      .delete(answers)
      .where(and(inArray(answers.questionId, questionIds), notIn(answers.id, answerIds)));
    for (const question of snapshot.questions) {
      for (const answer of question.answers) {
        const values = {
          questionId: question.id,
          sort: answer.sort,
          text: answer.text,
          image: local(answer.image),
          points: answer.points ?? 0,
        };
        await written(
          answer.id,
          tx
            .insert(answers)
            .values({ id: answer.id, ...values })
            .onConflictDoUpdate({
              target: answers.id,
              set: values,
              setWhere: eq(answers.questionId, question.id),
            })
            .returning({ id: answers.id }),
        );
      }
    }
    await tx.delete(questionConditions).where(inArray(questionConditions.questionId, questionIds));
    const rows = snapshot.questions.flatMap((question) =>
      question.conditions.map((condition) => ({
        questionId: question.id,
        ...columnsOfCondition(condition),
      })),
    );
    if (rows.length > 0) await tx.insert(questionConditions).values(rows);
  }
}

/** Results and result conditions. */
async function restoreResults(
  tx: Transaction,
  quizId: number,
  snapshot: PublicQuiz,
  local: LocalUrl,
): Promise<void> {
  const resultIds = snapshot.results.map((result) => result.id);
  await tx.delete(results).where(and(eq(results.quizId, quizId), notIn(results.id, resultIds)));
  for (const result of snapshot.results) {
    const values = {
      quizId: quizId,
      sort: result.sort,
      type: result.type,
      conditionMode: result.condition_mode,
      title: result.title,
      description: result.description,
      additionalDescription: result.additional_description,
      media: local(result.media),
      showTotal: result.show_total,
      unit: result.unit,
      formula: result.formula,
      useGeneralFormula: result.use_general_formula,
      output: result.output,
      buttonText: result.button_text,
      buttonLink: result.button_link,
      config: result.config,
    };
    await written(
      result.id,
      tx
        .insert(results)
        .values({ id: result.id, ...values })
        .onConflictDoUpdate({
          target: results.id,
          set: values,
          setWhere: eq(results.quizId, quizId),
        })
        .returning({ id: results.id }),
    );
  }
  if (resultIds.length > 0) {
    await tx.delete(resultConditions).where(inArray(resultConditions.resultId, resultIds));
    const rows = snapshot.results.flatMap((result) =>
      result.conditions.map((condition) => ({
        resultId: result.id,
        ...columnsOfCondition(condition),
      })),
    );
    if (rows.length > 0) await tx.insert(resultConditions).values(rows);
  }
}

/** Form fields: the snapshot lists only the enabled ones. */
async function restoreFormFields(
  tx: Transaction,
  quizId: number,
  snapshot: PublicQuiz,
): Promise<void> {
  const fieldIds = snapshot.fields.map((field) => field.id);
  await tx
    .update(formFields)
    .set({ enabled: false })
    .where(and(eq(formFields.quizId, quizId), notIn(formFields.id, fieldIds)));
  for (const field of snapshot.fields) {
    const values = {
      quizId: quizId,
      sort: field.sort,
      type: field.type,
      label: field.label,
      placeholder: field.placeholder,
      required: field.required,
      enabled: field.enabled,
    };
    await written(
      field.id,
      tx
        .insert(formFields)
        .values({ id: field.id, ...values })
        .onConflictDoUpdate({
          target: formFields.id,
          set: values,
          setWhere: eq(formFields.quizId, quizId),
        })
        .returning({ id: formFields.id }),
    );
  }
}

/** Additions: the snapshot lists only the enabled ones. */
async function restoreAdditions(
  tx: Transaction,
  quizId: number,
  snapshot: PublicQuiz,
  local: LocalUrl,
): Promise<void> {
  const additionIds = snapshot.additions.map((addition) => addition.id);
  await tx
    .update(additions)
    .set({ enabled: false })
    .where(and(eq(additions.quizId, quizId), notIn(additions.id, additionIds)));
  for (const addition of snapshot.additions) {
    const values = {
      quizId: quizId,
      sort: addition.sort,
      type: addition.type,
      image: local(addition.image),
      enabled: addition.enabled,
      display: addition.display,
      settings: addition.settings,
    };
    await written(
      addition.id,
      tx
        .insert(additions)
        .values({ id: addition.id, ...values })
        .onConflictDoUpdate({
          target: additions.id,
          set: values,
          setWhere: eq(additions.quizId, quizId),
        })
        .returning({ id: additions.id }),
    );
  }
}

/** `column NOT IN (ids)`, true for an empty list (SQL has no empty IN list). */
function notIn(column: PgColumn, ids: number[]) {
  return ids.length === 0 ? undefined : notInArray(column, ids);
}

/**
 * An upsert inserts the row, or updates the existing row of that id when it belongs to
 * this quiz. An id held by another quiz's row (never the case for a snapshot of this
 * quiz) writes nothing: the restore stops and its transaction rolls back.
 */
async function written(id: number, rows: Promise<{ id: number }[]>): Promise<void> {
  if ((await rows).length === 0) throw new Error(`rewriteDraft: id ${id} is another quiz's`);
}

/** `base` with the snapshot's values set (a null value removes the key: stored JSON has no nulls). */
function merged<T extends object>(base: T, values: object): T {
  const next = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(values)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next as T;
}

function quizColumns(quiz: QuizRow, snapshot: PublicQuiz, local: LocalUrl) {
  const language = quizLanguages.find((item) => item.code === snapshot.language)?.id;
  const currency = quizCurrencies.find((item) => item.code === snapshot.currency.code)?.id;
  const font = snapshot.design.font
    ? (fontCatalogue.find((item) => item.family === snapshot.design.font?.family)?.id ?? null)
    : null;
  return {
    title: snapshot.title,
    ...(language === undefined ? {} : { language }),
    ...(currency === undefined ? {} : { currency }),
    startPage: merged(quiz.startPage, {
      ...snapshot.start_page,
      media: local(snapshot.start_page.media),
    }),
    design: merged(quiz.design, {
      ...snapshot.design,
      background_image: local(snapshot.design.background_image),
      font,
    }),
    contactForm: merged(quiz.contactForm, snapshot.contact_form),
    resultsSettings: merged(quiz.resultsSettings, snapshot.results_settings),
    analytics: merged(quiz.analytics, {
      ...snapshot.analytics,
      hidden_fields: snapshot.hidden_fields,
    }),
  };
}
