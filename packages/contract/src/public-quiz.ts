import { z } from "zod";
import { additionDisplaySchema, bonusSettingsSchema, consultantSettingsSchema } from "./additions";
import { AdditionType } from "./codes";
import {
  answersOperatorSchema,
  conditionKindSchema,
  numberOperatorSchema,
  rangeOperatorSchema,
} from "./conditions";
import { formFieldTypeSchema } from "./form-fields";
import { formulaSchema } from "./formulas";
import { questionConfigSchema, questionTypeSchema } from "./questions";
import { conditionsMatchSchema, finiteNumber, idSchema, unitSchema } from "./quiz-common";
import {
  buttonStyleSchema,
  messengerSchema,
  outputFormatSchema,
  resultsPositionSchema,
  startLayoutSchema,
} from "./quizzes";
import { conditionModeSchema, outputRowSchema, resultTypeSchema } from "./results";

/**
 * The public snapshot of a published quiz (`GET public/quiz/{public_key}/`): what the
 * visitor runtime needs and nothing of the owner (no account, e-mails, integrations, drafts,
 * formula verdicts or "send to e-mail" flags). Its questions, results, additions, fields and
 * settings are the engine's `QuizSnapshot` as they are (see public-quiz.test.ts), so the
 * runtime and the server hand it to the engine without mapping.
 */

/** Visitor languages (docs/product.md "Languages"), by code. */
export const publicLanguageSchema = z.enum(["en", "ru", "uk", "pt", "it", "fr", "pl", "de"]);
export type PublicLanguage = z.infer<typeof publicLanguageSchema>;

const text = z.string();
const media = z.string().nullable();

export const publicAnswerSchema = z.object({
  id: z.int32(),
  sort: z.int32(),
  text,
  image: media,
  /** Absent when the results are gated (docs/security.md "Gated results"). */
  points: z.number().optional(),
});
export type PublicAnswer = z.infer<typeof publicAnswerSchema>;

/** A question or result condition (its owner is implied by where it sits). */
export const publicConditionSchema = z.object({
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
});
export type PublicCondition = z.infer<typeof publicConditionSchema>;

export const publicQuestionSchema = z.object({
  id: z.int32(),
  sort: z.int32(),
  type: questionTypeSchema,
  title: text,
  description: text,
  button_text: text,
  required: z.boolean(),
  media,
  video_url: z.string().nullable(),
  config: questionConfigSchema,
  answers: z.array(publicAnswerSchema),
  conditions: z.array(publicConditionSchema),
});
export type PublicQuestion = z.infer<typeof publicQuestionSchema>;

export const publicResultSchema = z.object({
  id: z.int32(),
  sort: z.int32(),
  type: resultTypeSchema,
  condition_mode: conditionModeSchema,
  title: text,
  description: text,
  additional_description: text,
  media,
  show_total: z.boolean(),
  unit: unitSchema.nullable(),
  range_from: z.number().nullable(),
  range_to: z.number().nullable(),
  formula: formulaSchema,
  use_general_formula: z.boolean(),
  output: z.array(outputRowSchema),
  button_text: text,
  button_link: text,
  conditions: z.array(publicConditionSchema),
  config: z.object({ conditions_match: conditionsMatchSchema }).partial(),
});
export type PublicResult = z.infer<typeof publicResultSchema>;

export const publicResultsSettingsSchema = z.object({
  show_several: z.boolean(),
  position: resultsPositionSchema,
  output_format: outputFormatSchema,
  general_formula: formulaSchema,
});

const publicAdditionBase = z.object({
  id: z.int32(),
  sort: z.int32(),
  image: media,
  enabled: z.boolean(),
  display: additionDisplaySchema,
});

/** Additions (only enabled ones need to be sent; `enabled` stays for the engine's type). */
export const publicAdditionSchema = z.discriminatedUnion("type", [
  publicAdditionBase.extend({ type: z.literal(AdditionType.Bonus), settings: bonusSettingsSchema }),
  publicAdditionBase.extend({
    type: z.literal(AdditionType.Discount),
    settings: z.object({
      max_discount: z.number().min(0).max(100),
      discount_type: z.enum(["ordinary", "growing"]),
    }),
  }),
  publicAdditionBase.extend({
    type: z.literal(AdditionType.Consultant),
    settings: consultantSettingsSchema,
  }),
]);
export type PublicAddition = z.infer<typeof publicAdditionSchema>;

/** A contact form field (1 name, 2 phone, 3 e-mail, 4 other, 5 other 2). */
export const publicFormFieldSchema = z.object({
  id: z.int32(),
  sort: z.int32(),
  type: formFieldTypeSchema,
  label: text,
  placeholder: text,
  required: z.boolean(),
  enabled: z.boolean(),
});
export type PublicFormField = z.infer<typeof publicFormFieldSchema>;

export const publicStartPageSchema = z.object({
  enabled: z.boolean(),
  title: text,
  description: text,
  button_text: text,
  media,
  company_name: text,
  legal_text: text,
});

export const publicContactFormSchema = z.object({
  title: text,
  description: text,
  privacy_policy_url: z.string().nullable(),
  thank_you_url: z.string().nullable(),
  button_text: text,
  button_link: z.string().nullable(),
  auto_redirect_url: z.string().nullable(),
  messengers: z.array(messengerSchema),
});

/** The design with the font resolved (family and stylesheet of the self-hosted font). */
export const publicDesignSchema = z.object({
  button_color: text,
  button_text_color: text,
  text_color: text,
  background_color: text,
  background_image: media,
  font: z.object({ name: text, family: text, url: text }).nullable(),
  /** 1-4 square, 5-8 round (plain, filled, icon, icon+filled), 9-10 square-round. */
  button_style: buttonStyleSchema,
  progress_bar: z.boolean(),
  disable_display: z.boolean(),
  /** Absent in snapshots published before it existed: off. */
  auto_advance: z.boolean().default(false),
  /** Absent in older snapshots: beside (the layout those were shown with on a desktop). */
  start_layout: startLayoutSchema.default("beside"),
});
export type PublicDesign = z.infer<typeof publicDesignSchema>;

export const publicQuizSchema = z.object({
  public_key: z.string(),
  /** The snapshot version; a lead names the version it answered. */
  version: z.int32(),
  title: text,
  language: publicLanguageSchema,
  currency: z.object({ code: text, symbol: text }),
  design: publicDesignSchema,
  start_page: publicStartPageSchema,
  questions: z.array(publicQuestionSchema),
  results: z.array(publicResultSchema),
  results_settings: publicResultsSettingsSchema,
  additions: z.array(publicAdditionSchema),
  /** The contact form's fields (the enabled ones), in `sort` order. */
  fields: z.array(publicFormFieldSchema),
  contact_form: publicContactFormSchema,
  analytics: z.object({ gtm_id: text, ga_id: text, pixel_id: text, tiktok_id: text }),
  /** Query parameters of the visitor's page to carry into the lead's `extra`. */
  hidden_fields: z.array(z.string().max(64)).max(50),
});
export type PublicQuiz = z.infer<typeof publicQuizSchema>;

// ---------------------------------------------------------------------------------------
// The lead (`POST public/quiz/{public_key}/lead/`)

const LEAD_TEXT_MAX = 10_000;
/** Mirrored by apps/runtime page-context.ts, which cuts page data to fit (its test checks). */
const LEAD_SHORT_MAX = 255;
const LEAD_URL_MAX = 2048;
const dateText = z.string().max(40);

/**
 * One answer: choice questions `answers` (ids) and an own-answer `text`; Text `text`;
 * Rating and Slider `value` a number (a pair when two-sided); Date `value` an ISO date or
 * date-time (a pair for a range).
 */
export const leadAnswerSchema = z.object({
  question: idSchema,
  answers: z.array(idSchema).max(100).optional(),
  value: z
    .union([
      finiteNumber,
      z.tuple([finiteNumber, finiteNumber]),
      dateText,
      z.tuple([dateText, dateText]),
    ])
    .optional(),
  text: z.string().max(LEAD_TEXT_MAX).optional(),
});
export type LeadAnswer = z.infer<typeof leadAnswerSchema>;

const contactText = z.string().max(LEAD_SHORT_MAX);

export const leadContactsSchema = z.object({
  name: contactText.default(""),
  email: contactText.default(""),
  phone: contactText.default(""),
  other: contactText.default(""),
  other2: contactText.default(""),
  /** The messengers the visitor chose, each with the number or handle to reach them on. */
  messengers: z.partialRecord(messengerSchema, contactText).default({}),
});
export type LeadContacts = z.infer<typeof leadContactsSchema>;

/** The honeypot's field name: hidden from people, filled in by naive bots. */
export const LEAD_HONEYPOT_FIELD = "website";

/**
 * The lead body. A hand-written form or an integration may send only `submission_id`,
 * `answers`, the contacts it has and `consent`: `version` is then the latest published one,
 * `session` none, the contacts it leaves out empty, UTM, addresses and hidden fields empty.
 */
export const leadSubmissionSchema = z.object({
  /** Made by the client (crypto.randomUUID()); a repeat returns the first answer. */
  submission_id: z.uuid(),
  session: z.string().max(64).nullable().default(null),
  /** The snapshot version answered; the latest published one when left out. */
  version: z.int32().min(1).optional(),
  answers: z.array(leadAnswerSchema).max(500),
  contacts: leadContactsSchema,
  consent: z.boolean(),
  utm: z.record(z.string().max(64), z.string().max(LEAD_SHORT_MAX)).default({}),
  referrer: z.string().max(LEAD_URL_MAX).default(""),
  page_url: z.string().max(LEAD_URL_MAX).default(""),
  /** Hidden fields: the query parameters named by `hidden_fields`, by name. */
  extra: z.record(z.string().max(64), z.string().max(1000)).default({}),
  /** The honeypot: empty for people. */
  [LEAD_HONEYPOT_FIELD]: z.string().max(LEAD_URL_MAX).optional(),
});
export type LeadSubmission = z.infer<typeof leadSubmissionSchema>;

/**
 * `POST public/quiz/{key}/partial-lead/`: what a visitor who leaves unfinished gave so far,
 * sent again as it grows (the latest replaces the earlier). Keyed by the visitor session.
 */
export const partialLeadSchema = leadSubmissionSchema
  .omit({ submission_id: true, session: true, [LEAD_HONEYPOT_FIELD]: true })
  .extend({ session: z.uuid() });
export type PartialLead = z.infer<typeof partialLeadSchema>;

/** A result as the server recomputed it (the engine's `ShownResult`, for display). */
export const leadResultSchema = z.object({
  id: z.int32(),
  title: text,
  description: text,
  additional_description: text,
  media,
  value: z.union([z.string(), z.number()]).nullable(),
  unit: z.string().nullable(),
  /** Whether the value is shown (the result's `show_total`). */
  show_total: z.boolean(),
  button_text: text,
  button_link: text,
});
export type LeadResult = z.infer<typeof leadResultSchema>;

export const leadResponseSchema = z.object({
  lead: z.int32(),
  results: z.array(leadResultSchema),
  redirect_url: z.string().nullable(),
});
export type LeadResponse = z.infer<typeof leadResponseSchema>;
