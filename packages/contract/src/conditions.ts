import {
  answersOperators,
  conditionKinds,
  numberOperators,
  parseInstant,
  rangeOperators,
} from "@leadquiz/engine";
import { z } from "zod";
import { finiteNumber, idSchema, MAX_ID } from "./quiz-common";

/** The engine's lists of kinds and operators (one definition, packages/engine). */
export const conditionKindSchema = z.enum(conditionKinds);
export const answersOperatorSchema = z.enum(answersOperators);
export const numberOperatorSchema = z.enum(numberOperators);
export const rangeOperatorSchema = z.enum(rangeOperators);

/** A range bound: a number (Slider) or an ISO 8601 date or date-time (Date question). */
export const rangeBoundSchema = z.union([
  finiteNumber,
  z
    .string()
    .max(40)
    .refine((value) => parseInstant(value) !== null),
]);

export const CONDITION_ANSWERS_MAX = 100;

/** The fields every condition has, as the server answers them (operators always set). */
const conditionFields = {
  ref_question: z.int32(),
  kind: conditionKindSchema,
  answers: z.array(z.int32()),
  answers_include: z.boolean(),
  answers_operator: answersOperatorSchema,
  number_operator: numberOperatorSchema,
  number_from: z.number().nullable(),
  number_to: z.number().nullable(),
  range_operator: rangeOperatorSchema,
  range_from: z.union([z.number(), z.string()]).nullable(),
  range_to: z.union([z.number(), z.string()]).nullable(),
};

/** The writable fields; defaults: answers [], include true, or, in_range, inside. */
const conditionWritableFields = {
  ref_question: idSchema,
  kind: conditionKindSchema,
  answers: z.array(z.int32().min(1).max(MAX_ID)).max(CONDITION_ANSWERS_MAX),
  answers_include: z.boolean(),
  answers_operator: answersOperatorSchema,
  number_operator: numberOperatorSchema,
  number_from: finiteNumber.nullable(),
  number_to: finiteNumber.nullable(),
  range_operator: rangeOperatorSchema,
  range_from: rangeBoundSchema.nullable(),
  range_to: rangeBoundSchema.nullable(),
};

/**
 * What a condition of each kind needs: `answers` at least one answer; `number` a
 * `number_from` (and a `number_to` for in_range); `range` both bounds. The service runs
 * it on the merged condition after a PATCH, too (`conditionBodySchema`).
 */
export function checkConditionShape(
  condition: {
    kind?: string | undefined;
    answers?: readonly number[] | undefined;
    number_operator?: string | undefined;
    number_from?: number | null | undefined;
    number_to?: number | null | undefined;
    range_from?: number | string | null | undefined;
    range_to?: number | string | null | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  const missing = (path: string) =>
    ctx.addIssue({ code: "custom", message: "required", path: [path] });
  switch (condition.kind) {
    case "answers":
      if ((condition.answers ?? []).length === 0) missing("answers");
      break;
    case "number":
      if (condition.number_from == null) missing("number_from");
      if ((condition.number_operator ?? "in_range") === "in_range" && condition.number_to == null) {
        missing("number_to");
      }
      break;
    case "range":
      if (condition.range_from == null) missing("range_from");
      if (condition.range_to == null) missing("range_to");
      break;
  }
}

/** A whole condition body (defaults applied) for re-validation of a merged PATCH. */
export const conditionBodySchema = z
  .object(conditionWritableFields)
  .partial()
  .required({ ref_question: true, kind: true })
  .superRefine(checkConditionShape);

export const questionConditionSchema = z.object({
  id: z.int32(),
  question: z.int32(),
  ...conditionFields,
});
export type QuestionCondition = z.infer<typeof questionConditionSchema>;
export const questionConditionListSchema = z.array(questionConditionSchema);

/** `POST questioncondition/`. */
export const questionConditionCreateSchema = z
  .object({ question: idSchema, ...conditionWritableFields })
  .partial()
  .required({ question: true, ref_question: true, kind: true })
  .superRefine(checkConditionShape);
export type QuestionConditionCreate = z.infer<typeof questionConditionCreateSchema>;

/** `PATCH questioncondition/{id}/` (the owning question does not change). */
export const questionConditionUpdateSchema = z.object(conditionWritableFields).partial();
export type QuestionConditionUpdate = z.infer<typeof questionConditionUpdateSchema>;

export const resultConditionSchema = z.object({
  id: z.int32(),
  result: z.int32(),
  ...conditionFields,
});
export type ResultCondition = z.infer<typeof resultConditionSchema>;
export const resultConditionListSchema = z.array(resultConditionSchema);

/** `POST resultcondition/`. */
export const resultConditionCreateSchema = z
  .object({ result: idSchema, ...conditionWritableFields })
  .partial()
  .required({ result: true, ref_question: true, kind: true })
  .superRefine(checkConditionShape);
export type ResultConditionCreate = z.infer<typeof resultConditionCreateSchema>;

/** `PATCH resultcondition/{id}`. */
export const resultConditionUpdateSchema = questionConditionUpdateSchema;
export type ResultConditionUpdate = z.infer<typeof resultConditionUpdateSchema>;
