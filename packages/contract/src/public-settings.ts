import { z } from "zod";

/**
 * `GET key_value/?keys=a&keys=b`: public settings the apps read instead of constants
 * (docs/api.md "Public settings"). Unknown keys are left out of the answer, so the query
 * takes any name; the known ones are listed here with their value types.
 */
export const publicSettingKeys = [
  "referral_percentage",
  "min_withdrawal",
  "trial_days",
  "course_url",
  "support_email",
  "visitor_url",
] as const;
export type PublicSettingKey = (typeof publicSettingKeys)[number];

/** A setting name as the query may spell it: letters, digits and underscores. */
const settingName = z
  .string()
  .min(1)
  .max(64)
  // A refinement, not .regex: the error handler translates a custom issue's message key.
  .refine((name) => /^[a-z0-9_]+$/.test(name), "key_value_key");

export const publicSettingsQuerySchema = z.object({
  // One `keys=` arrives as a string, several as an array: both become an array.
  keys: z.preprocess(
    (keys) => (typeof keys === "string" ? [keys] : keys),
    z
      .array(settingName)
      .min(1)
      .max(publicSettingKeys.length * 4),
  ),
});
export type PublicSettingsQuery = z.input<typeof publicSettingsQuerySchema>;

export const publicSettingsSchema = z
  .object({
    /** The share of an invited account's payments credited to the inviter, 0-100 %. */
    referral_percentage: z.int32().min(0).max(100),
    /** The least a referral withdrawal may ask for, in currency units. */
    min_withdrawal: z.int32().min(0).max(1_000_000),
    /** The length of a new account's trial, in days. */
    trial_days: z.int32().min(0).max(365),
    /** The course on the external course platform (absent when not configured). */
    course_url: z.url(),
    /** Where support requests go (absent when not configured). */
    support_email: z.email(),
    /**
     * The origin of the quiz pages, landings, public profiles and the embed loader
     * (`VISITOR_URL`, docs/adr/0016-visitor-origin.md): never the owner app's origin.
     */
    visitor_url: z.url().meta({ example: "https://example-quiz.com" }),
  })
  .partial();
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
