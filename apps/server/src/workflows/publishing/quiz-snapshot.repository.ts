import { typedAdditionSettings } from "@leadquiz/contract";
import type { Addition, FormField, QuizSnapshot, Result } from "@leadquiz/engine";
import { asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  additions,
  answers,
  formFields,
  questions,
  quizzes,
  resultConditions,
  results,
} from "../../db/schema";
import { conditionOfRow } from "../../lib/condition-rows";
import { loadQuestions } from "../../modules/questions";
import {
  contactFormDefaults,
  type QuizRow,
  resultsSettingsDefaults,
  startPageDefaults,
} from "../../modules/quizzes";

/**
 * The engine's `QuizSnapshot` of a quiz's current draft, read from the database (every
 * list in `sort, id` order, nested objects over their defaults). Undefined when the quiz
 * does not exist; it does not check the owner or `deleted_at` — the caller does.
 * Publishing stores what this returns; the copy tests compare the engine's verdicts on
 * the snapshots of a quiz and its copy.
 */
export async function loadQuizSnapshot(
  db: DbOrTx,
  quizId: number,
): Promise<QuizSnapshot | undefined> {
  const quiz = await findQuizRow(db, quizId);
  if (!quiz) return undefined;
  return {
    start_page: { ...startPageDefaults, ...quiz.startPage },
    questions: await loadQuestions(db, quizId),
    results: await loadResults(db, quizId),
    results_settings: { ...resultsSettingsDefaults, ...quiz.resultsSettings },
    additions: await loadAdditions(db, quizId),
    fields: await loadFields(db, quizId),
    contact_form: contactFormOf(quiz),
  };
}

async function loadResults(db: DbOrTx, quizId: number): Promise<Result[]> {
  const resultRows = await db
    .select()
    .from(results)
    .where(eq(results.quizId, quizId))
    .orderBy(asc(results.sort), asc(results.id));
  const ids = resultRows.map((row) => row.id);
  const conditionRows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(resultConditions)
          .where(inArray(resultConditions.resultId, ids))
          .orderBy(asc(resultConditions.id));
  return resultRows.map((row) => ({
    id: row.id,
    sort: row.sort,
    type: row.type,
    condition_mode: row.conditionMode,
    formula: row.formula,
    use_general_formula: row.useGeneralFormula,
    range_from: row.rangeFrom,
    range_to: row.rangeTo,
    output: row.output,
    unit: row.unit,
    conditions: conditionRows
      .filter((condition) => condition.resultId === row.id)
      .map(conditionOfRow),
    config: row.config,
    title: row.title,
    description: row.description,
    additional_description: row.additionalDescription,
    media: row.media,
    show_total: row.showTotal,
    button_text: row.buttonText,
    button_link: row.buttonLink,
    send_to_email: row.sendToEmail,
  }));
}

async function loadAdditions(db: DbOrTx, quizId: number): Promise<Addition[]> {
  const rows = await db
    .select()
    .from(additions)
    .where(eq(additions.quizId, quizId))
    .orderBy(asc(additions.sort), asc(additions.id));
  return rows.map((row): Addition => {
    const base = {
      id: row.id,
      sort: row.sort,
      enabled: row.enabled,
      display: row.display,
      image: row.image,
    };
    return { ...base, ...typedAdditionSettings(row.type, row.settings) };
  });
}

async function loadFields(db: DbOrTx, quizId: number): Promise<FormField[]> {
  const rows = await db
    .select()
    .from(formFields)
    .where(eq(formFields.quizId, quizId))
    .orderBy(asc(formFields.sort), asc(formFields.id));
  return rows.map((row) => ({
    id: row.id,
    sort: row.sort,
    type: row.type,
    label: row.label,
    placeholder: row.placeholder,
    required: row.required,
    enabled: row.enabled,
  }));
}

function contactFormOf(quiz: QuizRow): QuizSnapshot["contact_form"] {
  const form = { ...contactFormDefaults, ...quiz.contactForm };
  return {
    thank_you_url: form.thank_you_url,
    auto_redirect_url: form.auto_redirect_url,
    privacy_policy_url: form.privacy_policy_url,
  };
}

/** The stored keys of `stored` that the defaults of its type have (other types' keys dropped). */
/** The quiz row itself (any owner, deleted or not: the caller checked). */
export async function findQuizRow(db: DbOrTx, quizId: number): Promise<QuizRow | undefined> {
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, quizId)).limit(1);
  return quiz;
}

/** The display fields loadQuizSnapshot leaves out: question media and video, answer images. */
export async function loadDisplayData(db: DbOrTx, quizId: number) {
  const questionRows = await db
    .select({ id: questions.id, media: questions.media, videoUrl: questions.videoUrl })
    .from(questions)
    .where(eq(questions.quizId, quizId));
  const ids = questionRows.map((row) => row.id);
  const answerRows =
    ids.length === 0
      ? []
      : await db
          .select({ id: answers.id, image: answers.image })
          .from(answers)
          .where(inArray(answers.questionId, ids))
          .orderBy(asc(answers.id));
  const resultRows = await db
    .select({ id: results.id, media: results.media })
    .from(results)
    .where(eq(results.quizId, quizId));
  return {
    questions: new Map(questionRows.map((row) => [row.id, row])),
    answerImages: new Map(answerRows.map((row) => [row.id, row.image])),
    resultMedia: new Map(resultRows.map((row) => [row.id, row.media])),
  };
}
