import { z } from "zod";
import { phoneMessengers } from "./codes";
import { formulaErrorSchema, formulaSchema } from "./formulas";
import {
  colorField,
  descriptionText,
  idSchema,
  MAX_ID,
  mediaClear,
  mediaSchema,
  mergePatchOf,
  nullableLink,
  shortText,
  timestampSchema,
  titleText,
  visitorPageUrl,
} from "./quiz-common";
import { quizCurrencyIdSchema, quizLanguageIdSchema } from "./reference-lists";

/** `quiz.start_page`. */
export const startPageSchema = z.object({
  enabled: z.boolean(),
  title: titleText,
  description: descriptionText,
  button_text: shortText,
  media: mediaSchema,
  company_name: shortText,
  legal_text: descriptionText,
});
export type StartPage = z.infer<typeof startPageSchema>;

/** Button style codes 1-10 (square, round, square-round; plain, filled, icon, icon+filled). */
export const buttonStyleSchema = z.int32().min(1).max(10);

/**
 * Where the start page puts its media on a wide screen: beside the texts (left or right),
 * above them, or behind them. Phones always stack it above (docs/quiz-model.md).
 */
export const startLayouts = ["beside", "beside_right", "stacked", "background"] as const;
export const startLayoutSchema = z.enum(startLayouts);
export type StartLayout = z.infer<typeof startLayoutSchema>;

/** `quiz.design`. `font` is an id of fontlist (null: the default font). */
export const designSchema = z.object({
  button_color: colorField,
  button_text_color: colorField,
  text_color: colorField,
  background_color: colorField,
  background_image: mediaSchema,
  font: idSchema.nullable(),
  button_style: buttonStyleSchema,
  progress_bar: z.boolean(),
  disable_display: z.boolean(),
  /** A single-choice List or Cards question goes on by itself once an answer is clicked. */
  auto_advance: z.boolean(),
  start_layout: startLayoutSchema,
});
export type Design = z.infer<typeof designSchema>;

export const messengers = [
  "telegram",
  "whatsapp",
  "viber",
  "messenger",
  "instagram",
  "skype",
  "signal",
  "wechat",
  "line",
] as const;
export const messengerSchema = z.enum(messengers);
export type Messenger = z.infer<typeof messengerSchema>;
// The phone-based ones (`phoneMessengers`, in codes) must be messengers.
phoneMessengers satisfies readonly Messenger[];

/** `quiz.contact_form` (the fields themselves are FormField records). */
export const contactFormSchema = z.object({
  title: titleText,
  description: descriptionText,
  privacy_policy_url: nullableLink,
  thank_you_url: nullableLink,
  button_text: shortText,
  button_link: nullableLink,
  auto_redirect_url: nullableLink,
  messengers: z.array(messengerSchema).max(messengers.length),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

export const resultsPositionSchema = z.enum(["before_form", "after_form"]);
export const outputFormatSchema = z.enum(["logic", "function", "points", "none"]);

/** `quiz.results_settings` as a client writes it. */
export const resultsSettingsInputSchema = z.object({
  show_several: z.boolean(),
  position: resultsPositionSchema,
  output_format: outputFormatSchema,
  general_formula: formulaSchema,
});

/**
 * `quiz.results_settings` as the server answers it: the general formula is saved with the
 * engine's verdict (`general_formula_errors` empty ⇔ `general_formula_valid`).
 */
export const resultsSettingsSchema = resultsSettingsInputSchema.extend({
  general_formula_valid: z.boolean(),
  general_formula_errors: z.array(formulaErrorSchema),
});
export type ResultsSettings = z.infer<typeof resultsSettingsSchema>;

/** A query parameter name the owner wants carried into leads (`client_id`, `gclid`). */
export const hiddenFieldNameSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.[\]-]+$/)
  .meta({ example: "gclid" });

/**
 * `quiz.analytics`: tag manager, analytics, pixel (15-16 digits, a hint only), TikTok ids,
 * and `hidden_fields`: the query parameters of the visitor's page (the host page's when
 * embedded) carried into a lead's other fields (published as `PublicQuiz.hidden_fields`).
 */
export const analyticsSchema = z.object({
  gtm_id: z.string().max(64),
  ga_id: z.string().max(64),
  pixel_id: z.string().max(64),
  tiktok_id: z.string().max(64),
  hidden_fields: z.array(hiddenFieldNameSchema).max(50),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const quizSummarySchema = z.object({
  id: z.int32(),
  project: z.int32(),
  title: z.string(),
  is_published: z.boolean(),
  published_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  /** Leads stored for this quiz (deleted quizzes keep theirs; docs/api.md "Quiz content"). */
  leads_count: z.int32().min(0).max(MAX_ID),
  /** The address visitors open, `{VISITOR_URL}/q/{public_key}` (live once published). */
  public_url: visitorPageUrl,
});
export type QuizSummary = z.infer<typeof quizSummarySchema>;

export const quizSchema = quizSummarySchema.extend({
  updated_at: timestampSchema,
  language: z.int32(),
  currency: z.int32(),
  public_key: z.string(),
  has_unpublished_changes: z.boolean(),
  start_page: startPageSchema,
  design: designSchema,
  contact_form: contactFormSchema,
  results_settings: resultsSettingsSchema,
  analytics: analyticsSchema,
});
export type Quiz = z.infer<typeof quizSchema>;
export const quizListSchema = z.array(quizSummarySchema);

/** Merge patches of the nested objects; files are only cleared here (`null`). */
export const startPagePatchSchema = mergePatchOf(startPageSchema.omit({ media: true })).extend({
  media: mediaClear.optional(),
});
export type StartPagePatch = z.infer<typeof startPagePatchSchema>;
export const designPatchSchema = mergePatchOf(designSchema.omit({ background_image: true })).extend(
  { background_image: mediaClear.optional() },
);
export type DesignPatch = z.infer<typeof designPatchSchema>;
export const contactFormPatchSchema = mergePatchOf(contactFormSchema);
export type ContactFormPatch = z.infer<typeof contactFormPatchSchema>;
export const resultsSettingsPatchSchema = mergePatchOf(resultsSettingsInputSchema);
export type ResultsSettingsPatch = z.infer<typeof resultsSettingsPatchSchema>;
export const analyticsPatchSchema = mergePatchOf(analyticsSchema);
export type AnalyticsPatch = z.infer<typeof analyticsPatchSchema>;

const quizWritableFields = {
  title: titleText,
  language: quizLanguageIdSchema,
  currency: quizCurrencyIdSchema,
  start_page: startPagePatchSchema,
  design: designPatchSchema,
  contact_form: contactFormPatchSchema,
  results_settings: resultsSettingsPatchSchema,
  analytics: analyticsPatchSchema,
};

/** `POST quiz/`: the project is required; everything else falls back to the defaults. */
export const quizCreateSchema = z
  .object({ project: idSchema })
  .extend(z.object(quizWritableFields).partial().shape);
export type QuizCreate = z.infer<typeof quizCreateSchema>;

/** `PATCH quiz/{id}/`: `project` moves the quiz to another project of the same account. */
export const quizUpdateSchema = z.object({ project: idSchema, ...quizWritableFields }).partial();
export type QuizUpdate = z.infer<typeof quizUpdateSchema>;

/** `GET quiz/?project=`. */
export const quizListQuerySchema = z.object({
  project: z.coerce.number().int().min(1).max(MAX_ID).optional(),
});
export type QuizListQuery = z.infer<typeof quizListQuerySchema>;

/** `PUT quiz/{id}/publish/`: shows or hides the quiz; answers the Quiz. */
export const quizPublishRequestSchema = z.object({ is_published: z.boolean() });
export type QuizPublishRequest = z.infer<typeof quizPublishRequestSchema>;

/** `POST publication-quiz/ {quiz}`: publishes the draft as snapshot version n+1. */
export const publicationRequestSchema = z.object({ quiz: idSchema });
export type PublicationRequest = z.infer<typeof publicationRequestSchema>;

export const publicationSchema = z.object({
  quiz: z.int32(),
  version: z.int32(),
  published_at: timestampSchema,
  public_url: visitorPageUrl,
});
export type Publication = z.infer<typeof publicationSchema>;

/** A published version's number in a path (`quiz/{id}/publications/{version}/…`). */
export const publicationVersionParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(MAX_ID),
  version: z.coerce.number().int().min(1).max(MAX_ID),
});
export type PublicationVersionParams = z.infer<typeof publicationVersionParamsSchema>;

/** One entry of `GET quiz/{id}/publications/` (the version history, newest first). */
export const publicationVersionSchema = z.object({
  version: z.int32(),
  published_at: timestampSchema,
  /** The quiz title the snapshot was taken with. */
  title: z.string(),
  /** The version visitors get now (the newest one while the quiz is shown). */
  is_live: z.boolean(),
});
export type PublicationVersion = z.infer<typeof publicationVersionSchema>;
export const publicationVersionListSchema = z.array(publicationVersionSchema);
