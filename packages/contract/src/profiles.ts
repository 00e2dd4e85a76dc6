import { ENGINE_PORTFOLIO_MAX_ITEMS } from "@leadquiz/engine";
import { z } from "zod";
import { emailField } from "./fields";
import { idSchema, mediaClear, mediaSchema, timestampSchema } from "./quiz-common";

/**
 * The specialist profile, its portfolio and the rating (docs/profile-rating.md, docs/api.md
 * "Profile, portfolio, rating"). Texts are plain text: stored as typed (trimmed), always
 * shown escaped, never rendered as HTML.
 *
 * Files (`avatar`, `certificate`, a portfolio item's `file`) arrive as multipart file parts
 * of the same PATCH/POST, next to the text parts; a JSON body can only clear a file (`null`).
 * A file that is too big or of a type the field does not take answers 400 with the field's
 * message (`{"avatar": ["maximum 5 MB"]}`) and nothing is stored.
 */

/** ISO 3166-1 alpha-2 codes (every officially assigned one); names come from Intl.DisplayNames. */
export const countryCodes = [
  ..."AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW".split(
    " ",
  ),
] as readonly string[];

/** ISO 639-1 codes (the languages a specialist speaks); names come from Intl.DisplayNames. */
export const spokenLanguageCodes = [
  ..."aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu".split(
    " ",
  ),
] as readonly string[];

const countrySet = new Set(countryCodes);
const languageSet = new Set(spokenLanguageCodes);

export const PROFILE_NAME_MAX_LENGTH = 150;
export const PROFILE_CITY_MAX_LENGTH = 100;
export const PROFILE_SPECIALITY_MAX_LENGTH = 150;
export const PROFILE_EXPERIENCE_MAX_YEARS = 70;
export const PROFILE_LANGUAGES_MAX = 20;
export const PROFILE_SLUG_MAX_LENGTH = 80;
/** Upload limits in MB (the 400 message names them). */
export const AVATAR_MAX_MB = 5;
export const CERTIFICATE_MAX_MB = 10;
export const PORTFOLIO_FILE_MAX_MB = 10;
export const PORTFOLIO_NAME_MAX_LENGTH = 200;
export const PORTFOLIO_TEXT_MAX_LENGTH = 5000;
/** The most portfolio items one profile holds (a POST beyond answers 400 `non_field_errors`). */
export const PORTFOLIO_MAX_ITEMS = ENGINE_PORTFOLIO_MAX_ITEMS;
/** Profiles per page of `rating/`. */
export const RATING_PAGE_SIZE = 20;
/** The highest score the formula can give (docs/profile-rating.md). */
export const RATING_SCORE_MAX = 1000;

/** A country code, upper case ("UA"); lower case input is accepted. */
export const countryCodeField = z
  .string()
  .trim()
  .max(2)
  .transform((value) => value.toUpperCase())
  .refine((value) => countrySet.has(value), { message: "invalid_value" })
  .meta({ type: "string", example: "UA", pattern: "^[A-Za-z]{2}$" });

const spokenLanguageField = z
  .string()
  .trim()
  .max(3)
  .transform((value) => value.toLowerCase())
  .refine((value) => languageSet.has(value), { message: "invalid_value" })
  .meta({ type: "string", example: "uk" });

/** A profile slug: lower-case latin letters and digits in dash-separated words. */
export const profileSlugField = z
  .string()
  .max(PROFILE_SLUG_MAX_LENGTH)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .meta({ example: "anna-kovalenko" });

const text = (max: number) => z.string().trim().max(max, { message: "too_long" });

/**
 * `GET profile/`: the caller's profile (made on the first read, filled from the account's
 * name and e-mail). `slug` is read-only: made from the name, unique, and frozen from the
 * first time the profile is made public (docs/profile-rating.md "Slug").
 */
export const profileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  /** The contact e-mail of the profile (not shown on the public page). */
  email: z.string(),
  /** ISO 3166-1 alpha-2, null when not given. */
  country: z.string().nullable(),
  city: z.string(),
  speciality: z.string(),
  experience_years: z.int32().min(0).max(PROFILE_EXPERIENCE_MAX_YEARS),
  /** ISO 639-1 codes, in the order given. */
  languages: z.array(z.string()).max(PROFILE_LANGUAGES_MAX),
  /** URL of the stored image, null when none. */
  avatar: mediaSchema,
  /** URL of the stored certificate (an image or a PDF), null when none. */
  certificate: mediaSchema,
  slug: z.string(),
  is_public: z.boolean(),
  /** The current score (docs/profile-rating.md), recomputed on every save and daily. */
  score: z.int32().min(0).max(RATING_SCORE_MAX),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * `PATCH profile/`: any subset. JSON, or multipart with the same names as text parts plus
 * the file parts `avatar` (JPEG, PNG, WebP, GIF, AVIF; at most 5 MB) and `certificate`
 * (those or PDF; at most 10 MB). In multipart, `languages` is a JSON array text
 * (`["en","uk"]`) and `null` clears a file or the country.
 */
export const profileUpdateSchema = z
  .object({
    first_name: text(PROFILE_NAME_MAX_LENGTH).meta({ example: "Anna" }),
    last_name: text(PROFILE_NAME_MAX_LENGTH).meta({ example: "Kovalenko" }),
    email: emailField.meta({ example: "anna@example.com" }),
    country: countryCodeField.nullable(),
    city: text(PROFILE_CITY_MAX_LENGTH).meta({ example: "Kyiv" }),
    speciality: text(PROFILE_SPECIALITY_MAX_LENGTH).meta({ example: "Quiz marketer" }),
    experience_years: z.int32().min(0).max(PROFILE_EXPERIENCE_MAX_YEARS),
    languages: z
      .array(spokenLanguageField)
      .max(PROFILE_LANGUAGES_MAX)
      .refine((codes) => new Set(codes).size === codes.length, { message: "invalid_value" }),
    avatar: mediaClear,
    certificate: mediaClear,
    is_public: z.boolean(),
  })
  .partial();
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** What kind of file a portfolio item holds, for the page to show a picture or a link. */
export const portfolioFileKindSchema = z.enum(["image", "pdf"]);
export type PortfolioFileKind = z.infer<typeof portfolioFileKindSchema>;

/** A portfolio item. */
export const portfolioItemSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** URL of the stored file, null when none. */
  file: mediaSchema,
  file_kind: portfolioFileKindSchema.nullable(),
  work_done: z.string(),
  results: z.string(),
  created_at: timestampSchema,
});
export type PortfolioItem = z.infer<typeof portfolioItemSchema>;
/** `GET portfolio/`: the caller's items, oldest first (at most PORTFOLIO_MAX_ITEMS). */
export const portfolioListSchema = z.array(portfolioItemSchema).max(PORTFOLIO_MAX_ITEMS);

const portfolioFields = {
  name: text(PORTFOLIO_NAME_MAX_LENGTH)
    .min(1, { message: "required" })
    .meta({ example: "Kitchen renovation cost calculator" }),
  work_done: text(PORTFOLIO_TEXT_MAX_LENGTH).meta({
    example: "Built a 7-question calculator with a discount on the last step.",
  }),
  results: text(PORTFOLIO_TEXT_MAX_LENGTH).meta({ example: "120 leads in the first month." }),
};

/**
 * `POST portfolio/` (201 the item): JSON or multipart with the file part `file` (an image or
 * a PDF, at most 10 MB). `work_done` and `results` default to "".
 */
export const portfolioCreateSchema = z.object({
  name: portfolioFields.name,
  work_done: portfolioFields.work_done.default(""),
  results: portfolioFields.results.default(""),
});
export type PortfolioCreate = z.input<typeof portfolioCreateSchema>;

/** `PATCH portfolio/{id}/`: any subset; multipart for a new `file`, `file: null` clears it. */
export const portfolioUpdateSchema = z.object({ ...portfolioFields, file: mediaClear }).partial();
export type PortfolioUpdate = z.input<typeof portfolioUpdateSchema>;

export const ratingScopeSchema = z.enum(["world", "country", "city"]);
export type RatingScope = z.infer<typeof ratingScopeSchema>;

/**
 * `GET rating/`. `country` and `city` default to the caller's profile's; `scope=country`
 * needs a country and `scope=city` a country and a city (400 on the missing one).
 * Cities match case-insensitively.
 */
export const ratingQuerySchema = z.object({
  scope: ratingScopeSchema.default("world"),
  country: countryCodeField.optional(),
  city: text(PROFILE_CITY_MAX_LENGTH).optional(),
  /**
   * How many ranked entries come before the page (the `next` of the previous page, which
   * is its last position); any offset works, e.g. `(page - 1) * RATING_PAGE_SIZE`.
   */
  cursor: z
    .string()
    .regex(/^\d{1,10}$/)
    .meta({ example: "20" })
    .optional(),
});
export type RatingQuery = z.input<typeof ratingQuerySchema>;

/** One ranked profile. `position` starts at 1 in the scope asked for. */
export const ratingEntrySchema = z.object({
  position: z.int32().min(1),
  slug: z.string(),
  /** First and last name as given. */
  name: z.string(),
  city: z.string(),
  country: z.string().nullable(),
  speciality: z.string(),
  avatar: mediaSchema,
  score: z.int32().min(0).max(RATING_SCORE_MAX),
});
export type RatingEntry = z.infer<typeof ratingEntrySchema>;

/**
 * A page of the rating, best first (score desc, then the earlier profile, then id).
 * `own` is the caller's entry in this scope wherever it is, null when their profile is not
 * public or not in the scope. `country`/`city` echo the filter used (defaults applied).
 */
export const ratingPageSchema = z.object({
  scope: ratingScopeSchema,
  country: z.string().nullable(),
  city: z.string().nullable(),
  count: z.int32().min(0),
  next: z.string().nullable(),
  results: z.array(ratingEntrySchema).max(RATING_PAGE_SIZE),
  own: ratingEntrySchema.nullable(),
});
export type RatingPage = z.infer<typeof ratingPageSchema>;

/** `GET public/profile/{slug}/` params. */
export const publicProfileParamsSchema = z.object({ slug: profileSlugField });

/**
 * `GET public/profile/{slug}/` (no account): a public profile; 404 for a private or unknown
 * slug. No e-mail. `position` is the world position.
 */
export const publicProfileSchema = profileSchema.omit({ email: true, is_public: true }).extend({
  position: z.int32().min(1),
  portfolio: portfolioListSchema,
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
