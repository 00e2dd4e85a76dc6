import {
  additionDisplaySchema,
  answersOperatorSchema,
  conditionsMatchSchema,
  messengerSchema,
  numberOperatorSchema,
  outputFormatSchema,
  rangeOperatorSchema,
  resultsPositionSchema,
  startLayoutSchema,
  type TemplateTheme,
  type TemplateType,
  templateLanguages,
  templateThemes,
  templateTypes,
  unitSchema,
} from "@leadquiz/contract";
import { type QuestionTypeKey, questionTypes, questionTypeTraits } from "@leadquiz/engine";
import { z } from "zod";

/**
 * The template file format (docs/templates.md): one JSON file per template in
 * `data/<slug>.json`. The structure is written once; every text a visitor reads is given in
 * the three catalogue languages. Things refer to each other by local keys (question
 * "area", answer "area.small"), which the seed turns into row ids.
 */

export { templateLanguages, templateThemes, templateTypes };
export type TemplateLanguage = (typeof templateLanguages)[number];
export type { TemplateTheme, TemplateType };

/** A text in every catalogue language. */
const localized = (max: number) =>
  z.strictObject({
    en: z.string().max(max),
    ru: z.string().max(max),
    uk: z.string().max(max),
  });
const title = localized(500);
const description = localized(10_000);
const short = localized(255);
export type LocalizedText = z.infer<typeof title>;

/** A local key: lower case letters, digits, `_`, `-` and `.` (e.g. "area", "area.small"). */
const keySchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9_.-]*$/);

/** An image file of `data/images/` (PNG or WebP). */
export const imageFileSchema = z
  .string()
  .max(128)
  .regex(/^[a-z0-9][a-z0-9_-]*\.(png|webp)$/);

const currencySchema = z.enum(["USD", "EUR", "UAH", "RUB", "GBP", "PLN", "BRL", "KZT"]);

/** A question's `type`: the name of a question type (the engine's `questionTypeTraits`). */
export const templateQuestionTypes: readonly QuestionTypeKey[] = questionTypes.map(
  (type) => questionTypeTraits[type].key,
);
export type TemplateQuestionType = QuestionTypeKey;

/** A condition on an earlier question (`question` is its key). */
const conditionSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    question: keySchema,
    kind: z.literal("answers"),
    /** Answer keys of that question. */
    answers: z.array(keySchema).min(1).max(10),
    answers_include: z.boolean().optional(),
    answers_operator: answersOperatorSchema.optional(),
  }),
  z.strictObject({
    question: keySchema,
    kind: z.literal("number"),
    number_operator: numberOperatorSchema,
    number_from: z.number(),
    number_to: z.number().nullable().optional(),
  }),
  z.strictObject({
    question: keySchema,
    kind: z.literal("range"),
    range_operator: rangeOperatorSchema,
    range_from: z.union([z.number(), z.string().max(40)]),
    range_to: z.union([z.number(), z.string().max(40)]),
  }),
]);
export type TemplateCondition = z.infer<typeof conditionSchema>;

const answerSchema = z.strictObject({
  key: keySchema,
  text: localized(1000),
  points: z.number().optional(),
  is_right: z.boolean().optional(),
  image: imageFileSchema.optional(),
});
export type TemplateAnswer = z.infer<typeof answerSchema>;

/** `question.config` keys; texts localized. Missing keys take the model's defaults. */
const questionConfigSchema = z.strictObject({
  multi_answers: z.boolean().optional(),
  yes_no: z.boolean().optional(),
  own_answer: z.boolean().optional(),
  image_format: z.enum(["square", "portrait", "landscape"]).optional(),
  image_position: z.enum(["left", "right", "top", "bottom", "background"]).optional(),
  quantity_of_answers: z.int().min(2).max(10).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().positive().optional(),
  two_sided: z.boolean().optional(),
  unit: unitSchema.nullable().optional(),
  time: z.boolean().optional(),
  date_range: z.boolean().optional(),
  placeholder: short.optional(),
  conditions_match: conditionsMatchSchema.optional(),
});

const questionSchema = z.strictObject({
  key: keySchema,
  type: z.enum(templateQuestionTypes),
  title,
  description: description.optional(),
  button_text: short.optional(),
  required: z.boolean().optional(),
  image: imageFileSchema.optional(),
  config: questionConfigSchema.optional(),
  /** List, Cards and Select only: 2-10 answers. */
  answers: z.array(answerSchema).max(10).optional(),
  /** Show the question only when these hold (`config.conditions_match`: all / any). */
  conditions: z.array(conditionSchema).max(20).optional(),
});
export type TemplateQuestion = z.infer<typeof questionSchema>;

const outputRowSchema = z.strictObject({
  from: z.number().nullable(),
  to: z.number().nullable(),
  value: localized(1000),
});

const resultSchema = z.strictObject({
  key: keySchema,
  /** What the result shows as its value: nothing, a formula, the sum of the points. */
  type: z.enum(["const", "formula", "sum"]),
  /** When it is shown: always, by `conditions`, by the formula's value, by the points' sum. */
  condition_mode: z.enum(["none", "logic", "formula", "range"]).optional(),
  title,
  description: description.optional(),
  additional_description: description.optional(),
  image: imageFileSchema.optional(),
  show_total: z.boolean().optional(),
  unit: unitSchema.nullable().optional(),
  range_from: z.number().nullable().optional(),
  range_to: z.number().nullable().optional(),
  /** E.g. "{area} * {finish} + 300": numbers, + - * / ^ % ( ) and {question key}. */
  formula: z.string().max(2000).optional(),
  use_general_formula: z.boolean().optional(),
  output: z.array(outputRowSchema).max(100).optional(),
  button_text: short.optional(),
  button_link: z.string().max(2048).optional(),
  conditions: z.array(conditionSchema).max(20).optional(),
  conditions_match: conditionsMatchSchema.optional(),
});
export type TemplateResult = z.infer<typeof resultSchema>;

const formFieldSchema = z.strictObject({
  type: z.enum(["name", "phone", "email", "other", "other2"]),
  label: short.optional(),
  placeholder: short.optional(),
  required: z.boolean().optional(),
  enabled: z.boolean().optional(),
});

const additionSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("bonus"),
    display: additionDisplaySchema.optional(),
    image: imageFileSchema.optional(),
    settings: z.strictObject({ name: short, discount_amount: localized(100) }),
  }),
  z.strictObject({
    type: z.literal("discount"),
    display: additionDisplaySchema.optional(),
    settings: z.strictObject({
      max_discount: z.number().min(0).max(100),
      discount_type: z.enum(["ordinary", "growing"]),
    }),
  }),
  z.strictObject({
    type: z.literal("consultant"),
    display: additionDisplaySchema.optional(),
    image: imageFileSchema.optional(),
    settings: z.strictObject({ name: short, job_title: short, text: description }),
  }),
]);

const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const templateFileSchema = z.strictObject({
  /** Equals the file name without `.json`. */
  slug: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  type: z.enum(templateTypes),
  theme: z.enum(templateThemes),
  /** Catalogue order (ascending), then slug. */
  sort: z.int().min(0).max(10_000).optional(),
  /** The cover in the gallery and the start page's image (a file of data/images/). */
  cover: imageFileSchema,
  /** Quiz title (also the catalogue title) and the catalogue's one-line description. */
  title,
  description: description,
  /** The quiz currency per language (default USD everywhere). */
  currency: z
    .strictObject({ en: currencySchema, ru: currencySchema, uk: currencySchema })
    .optional(),
  start_page: z.strictObject({
    enabled: z.boolean().optional(),
    title,
    description: description.optional(),
    button_text: short.optional(),
    company_name: short.optional(),
    legal_text: description.optional(),
  }),
  design: z
    .strictObject({
      button_color: colorSchema.optional(),
      button_text_color: colorSchema.optional(),
      text_color: colorSchema.optional(),
      background_color: colorSchema.optional(),
      button_style: z.int().min(1).max(10).optional(),
      progress_bar: z.boolean().optional(),
      auto_advance: z.boolean().optional(),
      start_layout: startLayoutSchema.optional(),
    })
    .optional(),
  /** 5-9 questions, in the order the visitor meets them. */
  questions: z.array(questionSchema).min(5).max(9),
  results_settings: z
    .strictObject({
      show_several: z.boolean().optional(),
      position: resultsPositionSchema.optional(),
      output_format: outputFormatSchema.optional(),
      general_formula: z.string().max(2000).optional(),
    })
    .optional(),
  results: z.array(resultSchema).min(1).max(20),
  contact_form: z.strictObject({
    title,
    description: description.optional(),
    button_text: short.optional(),
    messengers: z.array(messengerSchema).max(9).optional(),
  }),
  /** The contact fields, in order; each type at most once. */
  form_fields: z.array(formFieldSchema).min(1).max(5),
  additions: z.array(additionSchema).max(3).optional(),
});
export type TemplateFile = z.infer<typeof templateFileSchema>;
