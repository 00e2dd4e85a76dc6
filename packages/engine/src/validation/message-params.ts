import { ANSWERS_MAX, ANSWERS_MIN } from "./answers";
import { MAX_UPLOAD_MEGABYTES } from "./file";
import type { ValidationMessageKey } from "./messages";
import { MIN_REFERRAL_WITHDRAWAL_DOLLARS } from "./money";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password";
import { PIXEL_ID_MAX_DIGITS, PIXEL_ID_MIN_DIGITS } from "./pixel";
import { PORTFOLIO_MAX_ITEMS } from "./portfolio";
import { SUBDOMAIN_MAX_LENGTH, SUBDOMAIN_MIN_LENGTH } from "./subdomain";

/**
 * Interpolation values of the messages that name a limit: the texts in packages/i18n use
 * `{{min}}`, `{{max}}` and `{{amount}}`, so translate with
 * `t(`validation.${key}`, validationMessageParams[key])`.
 */
export const validationMessageParams: Readonly<
  Partial<Record<ValidationMessageKey, Readonly<Record<string, number>>>>
> = {
  password_too_short: { min: PASSWORD_MIN_LENGTH },
  password_too_long: { max: PASSWORD_MAX_LENGTH },
  quantity_of_answers: { min: ANSWERS_MIN, max: ANSWERS_MAX },
  subdomain_length: { min: SUBDOMAIN_MIN_LENGTH, max: SUBDOMAIN_MAX_LENGTH },
  file_too_large: { max: MAX_UPLOAD_MEGABYTES },
  pixel_id_hint: { min: PIXEL_ID_MIN_DIGITS, max: PIXEL_ID_MAX_DIGITS },
  referral_withdrawal_minimum: { amount: MIN_REFERRAL_WITHDRAWAL_DOLLARS },
  portfolio_full: { max: PORTFOLIO_MAX_ITEMS },
};
