import { type CompleteCondition, type Condition, completeCondition } from "@leadquiz/engine";
import type { questionConditions } from "../db/schema";

/**
 * The one mapping between stored conditions and the engine's (docs/quiz-model.md
 * "Conditions"): question and result conditions share their columns (`conditionColumns()`
 * in db/schema/questions.ts), so every read, snapshot, restore, seed and copy goes through
 * these three functions instead of naming the columns again.
 */

/** The condition columns of a row, whatever owns it (no id, owner or timestamps). */
export type ConditionColumns = Omit<
  typeof questionConditions.$inferSelect,
  "id" | "questionId" | "createdAt" | "updatedAt"
>;

/** A stored condition as the engine, the API and the snapshots read it. */
export function conditionOfRow(
  row: ConditionColumns & { id: number },
): CompleteCondition & { id: number } {
  return { id: row.id, ...conditionOfColumns(row) };
}

function conditionOfColumns(row: ConditionColumns): CompleteCondition {
  return {
    ref_question: row.refQuestionId,
    kind: row.kind,
    answers: row.answers,
    answers_include: row.answersInclude,
    answers_operator: row.answersOperator,
    number_operator: row.numberOperator,
    number_from: row.numberFrom,
    number_to: row.numberTo,
    range_operator: row.rangeOperator,
    range_from: row.rangeFrom ?? null,
    range_to: row.rangeTo ?? null,
  };
}

/** What a copy points to: the copies of the questions and answers (a quiz copy, a seed). */
export interface ConditionRemap {
  question(id: number): number;
  /** The copy of an answer; undefined drops it (an answer that no longer exists). */
  answer(id: number): number | undefined;
}

/**
 * The columns of a condition, the defaults written for what it leaves out, each answer
 * once; with `remap`, `ref_question` and `answers` point to the copies.
 */
export function columnsOfCondition(condition: Condition, remap?: ConditionRemap): ConditionColumns {
  const complete = completeCondition(condition);
  const answers = remap
    ? complete.answers.flatMap((id) => {
        const target = remap.answer(id);
        return target === undefined ? [] : [target];
      })
    : complete.answers;
  return {
    refQuestionId: remap ? remap.question(complete.ref_question) : complete.ref_question,
    kind: complete.kind,
    answers: [...new Set(answers)],
    answersInclude: complete.answers_include,
    answersOperator: complete.answers_operator,
    numberOperator: complete.number_operator,
    numberFrom: complete.number_from,
    numberTo: complete.number_to,
    rangeOperator: complete.range_operator,
    rangeFrom: complete.range_from,
    rangeTo: complete.range_to,
  };
}

/** The columns of a stored condition for its copy (no id, owner or timestamps). */
export function copiedConditionColumns(
  row: ConditionColumns,
  remap?: ConditionRemap,
): ConditionColumns {
  return columnsOfCondition(conditionOfColumns(row), remap);
}
