import type { Condition } from "./types";

/**
 * A condition with every field set, as it is stored and published: the defaults of a
 * field left out are those of docs/quiz-model.md "Conditions" (answers none, included,
 * `or`, `in_range`, `inside`, bounds null).
 */
export type CompleteCondition = Required<{
  [Field in Exclude<keyof Condition, "id">]: Exclude<Condition[Field], undefined>;
}> & { answers: number[] };

/** `condition` with the defaults of the fields it leaves out (its `id`, if any, dropped). */
export function completeCondition(condition: Condition): CompleteCondition {
  return {
    ref_question: condition.ref_question,
    kind: condition.kind,
    answers: [...(condition.answers ?? [])],
    answers_include: condition.answers_include ?? true,
    answers_operator: condition.answers_operator ?? "or",
    number_operator: condition.number_operator ?? "in_range",
    number_from: condition.number_from ?? null,
    number_to: condition.number_to ?? null,
    range_operator: condition.range_operator ?? "inside",
    range_from: condition.range_from ?? null,
    range_to: condition.range_to ?? null,
  };
}
