import { z } from "zod";
import { emailField } from "./fields";
import { idSchema, timestampSchema } from "./quiz-common";

/**
 * The support form and the service reviews (docs/api.md "Support and reviews"). Texts are
 * plain text: stored as sent, shown escaped, never rendered as HTML.
 */

/** The longest problem description of a support request. */
export const SUPPORT_TEXT_MAX_LENGTH = 5000;
/** The longest review text. */
export const REVIEW_TEXT_MAX_LENGTH = 2000;
/** Reviews per page of `service-feedback-list/`. */
export const REVIEW_PAGE_SIZE = 10;
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;

/** `POST support/`: the reply address (prefilled with the account's) and the problem. */
export const supportRequestSchema = z.object({
  email: emailField.meta({ example: "owner@example.com" }),
  text: z
    .string()
    .trim()
    .min(1, { message: "required" })
    .max(SUPPORT_TEXT_MAX_LENGTH, { message: "too_long" })
    .meta({ example: "The embed does not show on my site's checkout page." }),
});
export type SupportRequest = z.input<typeof supportRequestSchema>;

/** The answer of `POST support/` (201). */
export const supportRequestCreatedSchema = z.object({
  id: idSchema,
  email: z.string(),
  created_at: timestampSchema,
});
export type SupportRequestCreated = z.infer<typeof supportRequestCreatedSchema>;

/**
 * 1-5 stars. One custom rule, not .int().min().max(): the error handler translates a custom
 * issue's message key, so anything but a whole number from 1 to 5 says what the rule is.
 */
const ratingField = z
  .custom<number>(
    (value) =>
      typeof value === "number" &&
      Number.isInteger(value) &&
      value >= REVIEW_RATING_MIN &&
      value <= REVIEW_RATING_MAX,
    { message: "rating_range" },
  )
  .meta({ type: "integer", minimum: REVIEW_RATING_MIN, maximum: REVIEW_RATING_MAX, example: 5 });

/**
 * An HTML tag or comment (`<b>`, `</p>`, `<img src=x>`, `<!-- -->`); a lone `<` as in
 * "I <3 it" or "price < 100" is not one.
 */
const HTML_TAG = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>|<!--/i;

/** Whether a text holds HTML markup (reviews refuse it: they are published as plain text). */
export function containsHtmlTag(text: string): boolean {
  return HTML_TAG.test(text);
}

/** `POST create-feedback/`: the account's one review, made or replaced; plain text only. */
export const reviewCreateSchema = z.object({
  rating: ratingField,
  text: z
    .string()
    .trim()
    .min(1, { message: "required" })
    .max(REVIEW_TEXT_MAX_LENGTH, { message: "too_long" })
    .refine((text) => !containsHtmlTag(text), { message: "no_html" })
    .meta({ example: "Set up my first quiz in ten minutes; leads started coming the same day." }),
});
export type ReviewCreate = z.input<typeof reviewCreateSchema>;

/** A review as listed: the author's display name ("Anna K."), "" when they gave none. */
export const reviewSchema = z.object({
  id: idSchema,
  author: z.string(),
  rating: z.int32().min(REVIEW_RATING_MIN).max(REVIEW_RATING_MAX),
  text: z.string(),
  created_at: timestampSchema,
  /** When the author last edited it; equals created_at when never edited. */
  updated_at: timestampSchema,
});
export type Review = z.infer<typeof reviewSchema>;

/** `GET service-feedback-list/?cursor=`. */
export const reviewListQuerySchema = z.object({
  /** The `next` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{1,10}$/)
    .meta({ example: "42" })
    .optional(),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

/**
 * A page of reviews, newest first; `next` is the cursor of the following page (null at the
 * end). `own` is the caller's review wherever it is in the list (null when they have none),
 * so the form can show it for editing.
 */
export const reviewPageSchema = z.object({
  count: z.int32().min(0),
  next: z.string().nullable(),
  results: z.array(reviewSchema),
  own: reviewSchema.nullable(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;
