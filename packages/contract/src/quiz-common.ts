import { type ValidationMessageKey, validateYouTubeUrl } from "@leadquiz/engine";
import { z } from "zod";

/**
 * Building blocks of the quiz-model contract (projects, quizzes and their content).
 * Rules that exist in the engine put the engine's message key in a custom issue; zod's
 * own checks are mapped to keys by the server's error handler (too_big → too_long, …).
 */

/** Largest id a PostgreSQL `integer`/`serial` column holds: larger ids are a 400, not a 500. */
export const MAX_ID = 2_147_483_647;

export const idSchema = z.int32().min(1).max(MAX_ID);

/** `{id}` path parameters (`quiz/{id}/`, …). */
export const idParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(MAX_ID) });
export type IdParams = z.infer<typeof idParamsSchema>;

/** `POST project/copy/`, `quiz/copy/`, `question/copy/`, `result/copy/`. */
export const copyRequestSchema = z.object({ id: idSchema });
export type CopyRequest = z.infer<typeof copyRequestSchema>;

/** Position among the siblings; lists are ordered by it ascending. */
export const sortSchema = z.int32().min(0).max(MAX_ID);

/** ISO 8601 time in UTC, as the server writes it. */
export const timestampSchema = z.string();

export const TITLE_MAX_LENGTH = 500;
export const DESCRIPTION_MAX_LENGTH = 10_000;
export const SHORT_TEXT_MAX_LENGTH = 255;
export const URL_MAX_LENGTH = 2048;

/** Titles of projects, quizzes, questions, results. */
export const titleText = z.string().max(TITLE_MAX_LENGTH);
/** Descriptions, legal texts, "about" texts. */
export const descriptionText = z.string().max(DESCRIPTION_MAX_LENGTH);
/** Button texts, labels, placeholders, names, ids of third-party services. */
export const shortText = z.string().max(SHORT_TEXT_MAX_LENGTH);

function customIssue(
  check: (value: string) => ValidationMessageKey | null,
): (value: string, ctx: z.RefinementCtx) => void {
  return (value, ctx) => {
    const key = check(value);
    if (key) ctx.addIssue({ code: "custom", message: key });
  };
}

const LINK_SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);

/** A link an owner types: "" (none) or an absolute http(s), mailto: or tel: address. */
export function isLink(value: string): boolean {
  if (value === "") return true;
  if (/\s/.test(value)) return false;
  try {
    return LINK_SCHEMES.has(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** "" (none) or a link (see isLink); "invalid_value" otherwise. */
export const linkText = z
  .string()
  .max(URL_MAX_LENGTH)
  .superRefine(customIssue((value) => (isLink(value) ? null : "invalid_value")));

/** A link, or null for none. */
export const nullableLink = linkText.nullable();

/** "" or null (none) or a YouTube address (engine rule: "invalid_youtube_url"). */
export const youTubeUrlField = z
  .string()
  .max(URL_MAX_LENGTH)
  .superRefine(customIssue((value) => (value === "" ? null : validateYouTubeUrl(value))))
  .nullable();

/** #rgb, #rgba, #rrggbb, #rrggbbaa, or rgb()/rgba() notation. */
const COLOR = /^(?:#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|rgba?\([0-9\s.,%/]+\))$/;
export const colorField = z.string().max(64).regex(COLOR).meta({ example: "#1a73e8" });

/**
 * The path or URL of a stored file, as the server answers it. Files arrive as multipart
 * parts on PATCH; a JSON body can only clear one (`"media": null`).
 */
export const mediaSchema = z.string().max(URL_MAX_LENGTH).nullable();

/**
 * An address of a visitor page the server answers (a quiz, a landing): always on the
 * visitor origin, `VISITOR_URL`, never the owner app's (docs/adr/0016-visitor-origin.md).
 */
export const visitorPageUrl = z.string().meta({ example: "https://example-quiz.com/q/Ab12Cd34" });
/** In a JSON PATCH body: null removes the file. */
export const mediaClear = z.null();

export const conditionsMatchSchema = z.enum(["all", "any"]);
export type ConditionsMatch = z.infer<typeof conditionsMatchSchema>;

/** Units of docs/product.md "Codes" (question `config.unit` and result `unit`). */
export const units = [
  "price",
  "thing",
  "unit",
  "point",
  "ounce",
  "pound",
  "stone",
  "gram",
  "kilogram",
  "tonne",
  "inch",
  "foot",
  "mile",
  "kilometre",
  "centimetre",
  "millimetre",
  "gallon",
  "millilitre",
  "litre",
  "second",
  "minute",
  "hour",
  "day",
  "month",
  "year",
  "square_inch",
  "square_foot",
  "square_centimetre",
  "square_metre",
] as const;
export const unitSchema = z.enum(units);
export type Unit = z.infer<typeof unitSchema>;

/** A finite number (JSON has no NaN or Infinity, but a number may overflow to Infinity). */
export const finiteNumber = z.number().refine(Number.isFinite);

type MergePatchShape<T extends z.ZodRawShape> = {
  [K in keyof T]: z.ZodOptional<z.ZodNullable<T[K]>>;
};

/**
 * The JSON merge patch (RFC 7386) of a nested object: every key optional, `null` removes
 * the key (reading it again gives its default). Unknown keys are dropped. The service
 * merges the patch into the stored object and parses the result with the full schema, so
 * rules across keys (min/max/step, …) hold for what is stored.
 */
export function mergePatchOf<T extends z.ZodRawShape>(
  schema: z.ZodObject<T>,
): z.ZodObject<MergePatchShape<T>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    shape[key] = (field as z.ZodType).nullable().optional();
  }
  return z.object(shape) as unknown as z.ZodObject<MergePatchShape<T>>;
}
