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
  "invalid_number",
  "number_step",
  "number_step_not_positive",
  "number_max_not_greater_than_min",
  "quantity_of_answers",
  "subdomain_length",
  "subdomain_chars",
  "subdomain_hyphens",
  "invalid_youtube_url",
  "file_too_large",
  "pixel_id_hint",
  "invalid_amount",
  "referral_withdrawal_minimum",
  "withdrawal_exceeds_balance",
  "transfer_exceeds_balance",
  "insufficient_funds",
  "answers_not_supported",
  "condition_on_first_question",
  "condition_ref_not_before",
  "condition_kind_not_supported",
  "condition_duplicate",
  "condition_answers_not_of_ref",
  "subdomain_taken",
  // A landing subdomain kept for the operator and the product's own hosts (server's list).
  "subdomain_reserved",
  "type_taken",
  "quiz_config_exists",
  // A visitor's lead checked against the published snapshot (the server's lead call).
  "unknown_question",
  "unknown_answer",
  "several_answers",
  "own_text_not_allowed",
  "out_of_range",
  "invalid_date",
  "reversed_range",
  "invalid_phone",
  "invalid_url",
  "https_required",
  "bitrix24_webhook_url",
  // Account API keys and REST hooks: the account holds as many as it may.
  "api_key_limit",
  "hook_limit",
  "mailchimp_api_key",
  "salesdrive_subdomain",
  "getresponse_domain",
  "getresponse_region",
  // A payment link is for a top-up amount or for a tariff, never both or neither.
  "amount_or_tariff",
  // A public setting's name in `key_value/` (letters, digits, underscores).
  "key_value_key",
  // A review's rating: a whole number of stars from 1 to 5.
  "rating_range",
  // A review holding HTML markup (reviews are plain text).
  "no_html",
  // Profile and portfolio files of a type the field does not take; a full portfolio.
  "file_type_image",
  "file_type_image_or_pdf",
  "portfolio_full",
  // Generic checks of the request shape (zod's built-in checks, bad bytes, unreadable JSON).
  "invalid_value",
  "too_long",
  "invalid_characters",
  "invalid_request",
  "too_deep",
] as const;

export type ValidationMessageKey = (typeof validationMessageKeys)[number];
