import { questionTypes, validateAnswerCount, validateNumberStep } from "@leadquiz/engine";
import { z } from "zod";
import {
  conditionsMatchSchema,
  descriptionText,
  finiteNumber,
  idSchema,
  mediaClear,
  mediaSchema,
  mergePatchOf,
  shortText,
  sortSchema,
  titleText,
  unitSchema,
  youTubeUrlField,
} from "./quiz-common";

/** One of the engine's `questionTypes` (a literal each, as the OpenAPI document lists them). */
export const questionTypeSchema = z.union(questionTypes.map((type) => z.literal(type)));

export const imageFormatSchema = z.enum(["square", "portrait", "landscape"]);
export const imagePositionSchema = z.enum(["left", "right", "top", "bottom", "background"]);

/**
 * The keys of `question.config` (docs/quiz-model.md), each optional: a missing key takes the
 * default of `questionConfigDefaults` (the engine reads the same defaults).
 */
export const questionConfigFields = z.object({
  multi_answers: z.boolean(),
  yes_no: z.boolean(),
  own_answer: z.boolean(),
  image_format: imageFormatSchema,
  image_position: imagePositionSchema,
  video_consultant: z.boolean(),
  /** Rating scale, 2-10 (engine rule "quantity_of_answers"). */
  quantity_of_answers: z.number().superRefine((value, ctx) => {
    const key = validateAnswerCount(value);
    if (key) ctx.addIssue({ code: "custom", message: key });
  }),
  min: finiteNumber,
  max: finiteNumber,
  step: finiteNumber,
  two_sided: z.boolean(),
  unit: unitSchema.nullable(),
  time: z.boolean(),
  date_range: z.boolean(),
  placeholder: shortText,
  conditions_match: conditionsMatchSchema,
});

/** Rules across keys: with min, max and step all set, (max − min) divides by step. */
function checkNumberRange(
  config: {
    min?: number | null | undefined;
    max?: number | null | undefined;
    step?: number | null | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  const { min, max, step } = config;
  if (typeof min !== "number" || typeof max !== "number" || typeof step !== "number") return;
  const key = validateNumberStep({ min, max, step });
  if (!key) return;
  const path = key === "number_max_not_greater_than_min" ? ["max"] : ["step"];
  ctx.addIssue({ code: "custom", message: key, path });
}

/** A stored (or created) config: keys optional, min/max/step consistent. */
export const questionConfigSchema = questionConfigFields.partial().superRefine(checkNumberRange);
export type QuestionConfig = z.infer<typeof questionConfigSchema>;

/** `config` in `PATCH question/{id}/`: a merge patch; the service re-parses the merged config. */
export const questionConfigPatchSchema = mergePatchOf(questionConfigFields);
export type QuestionConfigPatch = z.infer<typeof questionConfigPatchSchema>;

export const questionConfigDefaults = {
  multi_answers: false,
  yes_no: false,
  own_answer: false,
  image_format: "square",
  image_position: "left",
  video_consultant: false,
  quantity_of_answers: 5,
  min: 0,
  max: 100,
  step: 1,
  two_sided: false,
  unit: null,
  time: false,
  date_range: false,
  placeholder: "",
  conditions_match: "all",
} as const satisfies Required<QuestionConfig>;

export const questionSchema = z.object({
  id: z.int32(),
  quiz: z.int32(),
  sort: z.int32(),
  type: questionTypeSchema,
  title: z.string(),
  description: z.string(),
  button_text: z.string(),
  required: z.boolean(),
  media: mediaSchema,
  video_url: z.string().nullable(),
  config: questionConfigSchema,
});
export type Question = z.infer<typeof questionSchema>;
export const questionListSchema = z.array(questionSchema);

const questionWritableFields = {
  sort: sortSchema,
  title: titleText,
  description: descriptionText,
  button_text: shortText,
  required: z.boolean(),
  video_url: youTubeUrlField,
};

/**
 * `POST question/`: a missing title becomes "New question {n}"; a List, Cards or Select
 * question comes with two answers. `sort` places it (the others are renumbered).
 */
export const questionCreateSchema = z.object({
  quiz: idSchema,
  type: questionTypeSchema,
  ...z.object(questionWritableFields).partial().shape,
  config: questionConfigSchema.optional(),
});
export type QuestionCreate = z.infer<typeof questionCreateSchema>;

/**
 * `PATCH question/{id}/` (JSON, or multipart with the file under `media`). Changing `type`
 * deletes the answers; `sort` moves the question and renumbers the others.
 */
export const questionUpdateSchema = z
  .object({
    type: questionTypeSchema,
    ...questionWritableFields,
    media: mediaClear,
    config: questionConfigPatchSchema,
  })
  .partial();
export type QuestionUpdate = z.infer<typeof questionUpdateSchema>;
