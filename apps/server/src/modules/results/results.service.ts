import {
  type Result,
  type ResultCreate,
  type ResultUpdate,
  resultConfigSchema,
  unitSchema,
} from "@leadquiz/contract";
import { formulaVerdict } from "@leadquiz/engine";
import type { AppContext } from "../../app-context";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { applyMergePatch } from "../../lib/json-merge-patch";
import { reorderSiblings } from "../../lib/sibling-order";
import { copyConditions } from "../conditions";
import { bumpDraftVersion, findOwnedQuizId } from "../quiz-access";
import { defaultResultTitle } from "./default-title";
import { assertFormulaQuestionsInQuiz } from "./result-formula";
import {
  countResults,
  deleteResult,
  findOwnedResult,
  formulaQuestions,
  insertResult,
  listResults,
  lockQuiz,
  type ResultChanges,
  type ResultRow,
  resultPositions,
  setResultSorts,
  updateResult,
} from "./results.repository";

/**
 * Results of a quiz (docs/api.md "Quiz content"): list, read, create ("Result {n}", last),
 * copy (with its conditions, right after the original), update (formula checked by the
 * engine and saved with its verdict; `sort` moves it), delete (the others renumbered).
 * Every change bumps the quiz's draft version in the same transaction.
 */
export function createResultsService({ db }: Pick<AppContext, "db">) {
  return {
    async list(userId: number, quizId: number): Promise<Result[]> {
      await requireQuiz(db, userId, quizId);
      return (await listResults(db, quizId)).map(presentResult);
    },

    async get(userId: number, resultId: number): Promise<Result> {
      return presentResult(await requireResult(db, userId, resultId));
    },

    async create(userId: number, body: ResultCreate): Promise<Result> {
      return db.transaction(async (tx) => {
        await requireQuiz(tx, userId, body.quiz);
        const { language } = await lockQuiz(tx, body.quiz);
        const questions = await formulaQuestions(tx, body.quiz);
        const formula = body.formula ?? [];
        assertFormulaQuestionsInQuiz(formula, questions);
        const type = body.type ?? 1;
        const conditionMode = body.condition_mode ?? 0;
        const useGeneralFormula = body.use_general_formula ?? false;
        const errors = formulaVerdict(formula, questions, {
          type,
          conditionMode,
          useGeneralFormula,
        });
        const n = (await countResults(tx, body.quiz)) + 1;
        const row = await insertResult(tx, {
          quizId: body.quiz,
          sort: 0,
          type,
          conditionMode,
          title: body.title ?? defaultResultTitle(language, n),
          description: body.description,
          additionalDescription: body.additional_description,
          showTotal: body.show_total,
          unit: body.unit,
          rangeFrom: body.range_from,
          rangeTo: body.range_to,
          formula,
          formulaValid: errors.length === 0,
          formulaErrors: errors,
          useGeneralFormula,
          output: body.output,
          buttonText: body.button_text,
          buttonLink: body.button_link,
          sendToEmail: body.send_to_email,
          config: body.config ?? {},
        });
        const placed = await place(tx, body.quiz, row, body.sort);
        await bumpDraftVersion(tx, body.quiz);
        return presentResult(placed);
      });
    },

    async copy(userId: number, resultId: number): Promise<Result> {
      return db.transaction(async (tx) => {
        const original = await requireResult(tx, userId, resultId);
        await lockQuiz(tx, original.quizId);
        const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = original;
        const copy = await insertResult(tx, fields);
        await copyConditions(tx, "result", original.id, copy.id);
        const positions = await resultPositions(tx, original.quizId);
        const originalIndex = positions.findIndex((position) => position.id === original.id);
        const placed = await place(tx, original.quizId, copy, originalIndex + 2);
        await bumpDraftVersion(tx, original.quizId);
        return presentResult(placed);
      });
    },

    async update(userId: number, resultId: number, body: ResultUpdate): Promise<Result> {
      return db.transaction(async (tx) => {
        const current = await requireResult(tx, userId, resultId);
        await lockQuiz(tx, current.quizId);
        const changes: ResultChanges = {
          type: body.type,
          conditionMode: body.condition_mode,
          title: body.title,
          description: body.description,
          additionalDescription: body.additional_description,
          showTotal: body.show_total,
          unit: body.unit,
          rangeFrom: body.range_from,
          rangeTo: body.range_to,
          useGeneralFormula: body.use_general_formula,
          output: body.output,
          buttonText: body.button_text,
          buttonLink: body.button_link,
          sendToEmail: body.send_to_email,
        };
        if (body.media === null) changes.media = null;
        if (body.config !== undefined) {
          changes.config = resultConfigSchema.parse(applyMergePatch(current.config, body.config));
        }
        const formula = body.formula ?? current.formula;
        const questions = await formulaQuestions(tx, current.quizId);
        if (body.formula !== undefined) assertFormulaQuestionsInQuiz(body.formula, questions);
        const errors = formulaVerdict(formula, questions, {
          type: body.type ?? current.type,
          conditionMode: body.condition_mode ?? current.conditionMode,
          useGeneralFormula: body.use_general_formula ?? current.useGeneralFormula,
        });
        changes.formula = formula;
        changes.formulaValid = errors.length === 0;
        changes.formulaErrors = errors;
        let row = await updateResult(tx, current.id, changes);
        if (body.sort !== undefined) row = await place(tx, current.quizId, row, body.sort);
        await bumpDraftVersion(tx, current.quizId);
        return presentResult(row);
      });
    },

    async remove(userId: number, resultId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await requireResult(tx, userId, resultId);
        await lockQuiz(tx, current.quizId);
        await deleteResult(tx, current.id);
        await setResultSorts(tx, reorderSiblings(await resultPositions(tx, current.quizId), null));
        await bumpDraftVersion(tx, current.quizId);
      });
    },
  };
}

/** The row as the API answers it (defaults filled in). */
export function presentResult(row: ResultRow): Result {
  const unit = unitSchema.safeParse(row.unit);
  return {
    id: row.id,
    quiz: row.quizId,
    sort: row.sort,
    type: row.type,
    condition_mode: row.conditionMode,
    title: row.title,
    description: row.description,
    additional_description: row.additionalDescription,
    media: row.media,
    show_total: row.showTotal,
    unit: unit.success ? unit.data : null,
    range_from: row.rangeFrom,
    range_to: row.rangeTo,
    formula: row.formula,
    formula_valid: row.formulaValid,
    formula_errors: row.formulaErrors,
    use_general_formula: row.useGeneralFormula,
    output: row.output,
    button_text: row.buttonText,
    button_link: row.buttonLink,
    send_to_email: row.sendToEmail,
    config: row.config,
  };
}

async function requireQuiz(db: DbOrTx, userId: number, quizId: number): Promise<void> {
  if ((await findOwnedQuizId(db, userId, quizId)) === undefined) throw new AppError("not_found");
}

async function requireResult(db: DbOrTx, userId: number, resultId: number): Promise<ResultRow> {
  const row = await findOwnedResult(db, userId, resultId);
  if (!row) throw new AppError("not_found");
  return row;
}

/** Moves `row` to position `target` (1-based; last when missing) and renumbers the others. */
async function place(
  db: DbOrTx,
  quizId: number,
  row: ResultRow,
  target: number | undefined,
): Promise<ResultRow> {
  const changes = reorderSiblings(await resultPositions(db, quizId), row.id, target);
  await setResultSorts(db, changes);
  const own = changes.find((change) => change.id === row.id);
  return own ? { ...row, sort: own.sort } : row;
}
