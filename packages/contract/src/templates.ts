import { z } from "zod";
import { idSchema, mediaSchema, visitorPageUrl } from "./quiz-common";

/** Template types and themes (docs/templates.md); their titles are in packages/i18n. */
export const templateTypes = [
  "calculator",
  "product_selection",
  "lead_qualification",
  "test",
  "survey",
] as const;
export const templateTypeSchema = z.enum(templateTypes);
export type TemplateType = z.infer<typeof templateTypeSchema>;

export const templateThemes = [
  "renovation",
  "real_estate",
  "education",
  "beauty_health",
  "cars",
  "travel",
  "b2b",
  "ecommerce",
  "events",
  "insurance",
  "recruiting",
] as const;
export const templateThemeSchema = z.enum(templateThemes);
export type TemplateTheme = z.infer<typeof templateThemeSchema>;

/** The languages the catalogue is written in (every template exists in each). */
export const templateLanguages = ["en", "ru", "uk"] as const;

/** `GET quiztemplatetype/`, `GET quiztemplatetheme/` item: the code and its title. */
export const templateOptionSchema = z.object({
  id: z.string().meta({ example: "calculator" }),
  title: z.string().meta({ example: "Calculator" }),
});
export type TemplateOption = z.infer<typeof templateOptionSchema>;
export const templateOptionListSchema = z.array(templateOptionSchema);

export const TEMPLATE_SEARCH_MAX_LENGTH = 100;

/** `GET quiz-templates/` query: filters (each optional) and the page cursor. */
export const templateListQuerySchema = z.object({
  type: templateTypeSchema.optional(),
  theme: templateThemeSchema.optional(),
  /** A quiz language code (`en`, `ru`, `uk`, …); none: every language. */
  language: z
    .string()
    .regex(/^[a-z]{2}$/)
    .meta({ example: "en" })
    .optional(),
  search: z.string().trim().max(TEMPLATE_SEARCH_MAX_LENGTH).optional(),
  /** The `next` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{1,9}-\d{1,10}$/)
    .meta({ example: "20-135" })
    .optional(),
});
export type TemplateListQuery = z.infer<typeof templateListQuerySchema>;

/**
 * A template of the catalogue; `id` is its quiz, `preview_url` its published page for
 * visitors. `public_key` reads its snapshot (`GET public/quiz/{key}/`), which the owner app
 * plays in the runtime's preview page: nothing a preview does reaches the server.
 */
export const templateSummarySchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  /** The cover (`/media/…`), null when the template has none. */
  image: mediaSchema,
  type: templateTypeSchema,
  theme: templateThemeSchema,
  language: z.string(),
  question_count: z.int32().min(0),
  preview_url: visitorPageUrl,
  public_key: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

/** A page of the catalogue, by the catalogue's order; `next` null on the last page. */
export const templatePageSchema = z.object({
  next: z.string().nullable(),
  results: z.array(templateSummarySchema),
});
export type TemplatePage = z.infer<typeof templatePageSchema>;

/** `POST copy-template/`: the template's quiz id and a project of the caller. */
export const copyTemplateSchema = z.object({
  template: idSchema,
  project: idSchema,
});
export type CopyTemplate = z.infer<typeof copyTemplateSchema>;

/** `POST operator/templates/` (operator only): turns any quiz into a template. */
export const operatorMakeTemplateSchema = z.object({
  quiz: idSchema,
  type: templateTypeSchema,
  theme: templateThemeSchema,
  /** Default `quiz-{id}`; a template of the same slug and language is replaced. */
  slug: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    .meta({ example: "guest-survey" })
    .optional(),
  description: z.string().max(1000).optional(),
  sort: z.int32().min(0).max(10_000).optional(),
});
export type OperatorMakeTemplate = z.infer<typeof operatorMakeTemplateSchema>;

/** The template `POST operator/templates/` made: its quiz id, slug and language. */
export const madeTemplateSchema = z.object({
  id: idSchema,
  slug: z.string(),
  language: z.string(),
  title: z.string(),
});
export type MadeTemplateBody = z.infer<typeof madeTemplateSchema>;
