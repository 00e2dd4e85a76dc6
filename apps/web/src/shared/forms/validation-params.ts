import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@leadquiz/engine";

/** Values of the placeholders in validation messages (e.g. "at least {{min}} characters"). */
export const validationParams: Record<string, Record<string, number>> = {
  "validation:password_too_short": { min: PASSWORD_MIN_LENGTH },
  "validation:password_too_long": { max: PASSWORD_MAX_LENGTH },
};
