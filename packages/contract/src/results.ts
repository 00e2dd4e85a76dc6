import { z } from "zod";
import { ConditionMode, ResultType } from "./codes";
import { formulaErrorSchema, formulaSchema } from "./formulas";
import {
  conditionsMatchSchema,
  descriptionText,
  finiteNumber,
  idSchema,
  linkText,
  mediaClear,
  mediaSchema,
  mergePatchOf,
  shortText,
  sortSchema,
  titleText,
  unitSchema,
} from "./quiz-common";

export const resultTypeSchema = z.union([
  z.literal(ResultType.Const),
  z.literal(ResultType.Formula),
  z.literal(ResultType.Sum),
]);
export const conditionModeSchema = z.union([
  z.literal(ConditionMode.None),
  z.literal(ConditionMode.Logic),
  z.literal(ConditionMode.Formula),
  z.literal(ConditionMode.Range),
]);

export const OUTPUT_ROWS_MAX = 100;

/** An output row: the shown `value` when the computed number lies in [from, to]. */
export const outputRowSchema = z.object({
  from: finiteNumber.nullable(),
  to: finiteNumber.nullable(),
  value: z.string().max(1000),
});
export type OutputRow = z.infer<typeof outputRowSchema>;

export const resultConfigSchema = z.object({ conditions_match: conditionsMatchSchema }).partial();
export type ResultConfig = z.infer<typeof resultConfigSchema>;

/**
 * A result. `formula` is saved with the engine's verdict: `formula_valid` and the
 * positions of `formula_errors` let the editor show where it is broken.
 */
export const resultSchema = z.object({
  id: z.int32(),
  quiz: z.int32(),
  sort: z.int32(),
  type: resultTypeSchema,
  condition_mode: conditionModeSchema,
  title: z.string(),
  description: z.string(),
  additional_description: z.string(),
  media: mediaSchema,
  show_total: z.boolean(),
  unit: unitSchema.nullable(),
  range_from: z.number().nullable(),
  range_to: z.number().nullable(),
  formula: formulaSchema,
  formula_valid: z.boolean(),
  formula_errors: z.array(formulaErrorSchema),
  use_general_formula: z.boolean(),
  output: z.array(outputRowSchema),
  button_text: z.string(),
  button_link: z.string(),
  send_to_email: z.boolean(),
  config: resultConfigSchema,
});
export type Result = z.infer<typeof resultSchema>;
export const resultListSchema = z.array(resultSchema);

const resultWritableFields = {
  sort: sortSchema,
  type: resultTypeSchema,
  condition_mode: conditionModeSchema,
  title: titleText,
  description: descriptionText,
  additional_description: descriptionText,
  show_total: z.boolean(),
  unit: unitSchema.nullable(),
  range_from: finiteNumber.nullable(),
  range_to: finiteNumber.nullable(),
  formula: formulaSchema,
  use_general_formula: z.boolean(),
  output: z.array(outputRowSchema).max(OUTPUT_ROWS_MAX),
  button_text: shortText,
  /** "" or a link. */
  button_link: linkText,
  send_to_email: z.boolean(),
};

/** `POST result/`: a missing title becomes "Result {n}"; defaults type 1, mode 0. */
export const resultCreateSchema = z.object({
  quiz: idSchema,
  ...z.object(resultWritableFields).partial().shape,
  config: resultConfigSchema.optional(),
});
export type ResultCreate = z.infer<typeof resultCreateSchema>;

/** `PATCH result/{id}/` (JSON, or multipart with the file under `media`). */
export const resultUpdateSchema = z
  .object({
    ...resultWritableFields,
    media: mediaClear,
    config: mergePatchOf(z.object({ conditions_match: conditionsMatchSchema })),
  })
  .partial();
export type ResultUpdate = z.infer<typeof resultUpdateSchema>;
