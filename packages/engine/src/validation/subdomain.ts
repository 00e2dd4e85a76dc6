import type { ValidationMessageKey } from "./messages";

export const SUBDOMAIN_MIN_LENGTH = 4;
export const SUBDOMAIN_MAX_LENGTH = 50;

/**
 * Case: a subdomain is stored and compared in lower case, and validateSubdomain accepts
 * lower case only ("a-z 0-9 and hyphens", quiz-engine.md), so that "MyQuiz" and "myquiz"
 * can never be two different records. Forms that want to be forgiving call
 * normalizeSubdomain first (trim + lower case) and then validate and save the result.
 */
export function normalizeSubdomain(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * Subdomain rule (docs/product.md "Validation rules"): 4 to 50 characters, Latin letters, digits
 * and hyphens only, no hyphen at the start or end, no two hyphens in a row. Checks run in that
 * order and the first broken one is returned: "subdomain_length", "subdomain_chars",
 * "subdomain_hyphens" ("required" when empty).
 */
export function validateSubdomain(value: string): ValidationMessageKey | null {
  if (value === "") return "required";
  // Length in code points, so a non-BMP character counts once (it fails the chars rule anyway).
  const length = [...value].length;
  if (length < SUBDOMAIN_MIN_LENGTH || length > SUBDOMAIN_MAX_LENGTH) return "subdomain_length";
  if (!/^[a-z0-9-]+$/.test(value)) return "subdomain_chars";
  if (value.startsWith("-") || value.endsWith("-") || value.includes("--")) {
    return "subdomain_hyphens";
  }
  return null;
}
