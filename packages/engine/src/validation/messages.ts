/**
 * Keys of validation messages. The texts live in packages/i18n under `validation.<key>`;
 * the engine only says which rule failed, each side translates it.
 */
export const validationMessageKeys = [
  "required",
  "required_checkbox",
  "invalid_email",
  "passwords_must_match",
  "password_too_short",
  "password_too_long",
  "password_only_digits",
  "password_needs_letter_and_digit",
  "password_too_common",
  "number_step",
  "quantity_of_answers",
  "subdomain_length",
  "subdomain_chars",
  "subdomain_hyphens",
  "invalid_youtube_url",
  "file_too_large",
  "pixel_id_hint",
  "referral_withdrawal_minimum",
] as const;

export type ValidationMessageKey = (typeof validationMessageKeys)[number];
