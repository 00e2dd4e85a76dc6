import { COMMON_PASSWORDS } from "./common-passwords";
import type { ValidationMessageKey } from "./messages";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export interface PasswordRuleOptions {
  /**
   * The reset form's rule (docs/product.md "Validation rules"): at least one letter and one digit.
   */
  requireLetterAndDigit?: boolean;
}

/**
 * The password rule (docs/product.md "Validation rules", docs/api.md "Accounts"): at least 8
 * characters, not only digits, not a common password. Returns the key of the first rule broken, or
 * null.
 */
export function validatePassword(
  value: string,
  options: PasswordRuleOptions = {},
): ValidationMessageKey | null {
  if (value === "") return "required";
  if (value.length < PASSWORD_MIN_LENGTH) return "password_too_short";
  if (value.length > PASSWORD_MAX_LENGTH) return "password_too_long";
  if (/^\d+$/.test(value)) return "password_only_digits";
  if (options.requireLetterAndDigit && !(/\p{L}/u.test(value) && /\d/.test(value))) {
    return "password_needs_letter_and_digit";
  }
  if (COMMON_PASSWORDS.has(value.toLowerCase())) return "password_too_common";
  return null;
}

/** Repeat-password check shared by registration, reset and change forms. */
export function validatePasswordRepeat(
  password: string,
  repeat: string,
): ValidationMessageKey | null {
  if (repeat === "") return "required";
  return password === repeat ? null : "passwords_must_match";
}
