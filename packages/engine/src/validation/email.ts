import type { ValidationMessageKey } from "./messages";

/** A pragmatic address check (the shape the HTML5 e-mail input accepts, with a dotted domain). */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const EMAIL_MAX_LENGTH = 254;

/** Returns the message key of the first rule the value breaks, or null when it is a valid e-mail. */
export function validateEmail(value: string): ValidationMessageKey | null {
  const trimmed = value.trim();
  if (trimmed === "") return "required";
  if (trimmed.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(trimmed)) return "invalid_email";
  return null;
}
