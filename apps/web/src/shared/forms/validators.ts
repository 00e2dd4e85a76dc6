import {
  type PasswordRuleOptions,
  type ValidationMessageKey,
  validateEmail,
  validatePassword,
  validatePasswordRepeat,
} from "@leadquiz/engine";

/**
 * Mantine form rules built on the engine's validation. A rule returns the i18n key
 * `validation:<message key>` (translated when shown, see translateFieldError) or null.
 */
const asKey = (key: ValidationMessageKey | null): string | null =>
  key === null ? null : `validation:${key}`;

export const emailRule = (value: string) => asKey(validateEmail(value));

export const requiredRule = (value: string) => (value.trim() === "" ? asKey("required") : null);

export const passwordRule =
  (options: PasswordRuleOptions = {}) =>
  (value: string) =>
    asKey(validatePassword(value, options));

/** The repeat field must equal the value of `field` of the same form. */
export const repeatRule =
  <Values>(field: keyof Values) =>
  (value: string, values: Values) =>
    asKey(validatePasswordRepeat(String(values[field] ?? ""), value));

export const checkedRule = (value: boolean) => (value ? null : asKey("required_checkbox"));

/** A value that must not be empty but is not trimmed (a password may contain spaces). */
export const nonEmptyRule = (value: string) => (value === "" ? asKey("required") : null);
