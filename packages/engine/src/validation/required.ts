import type { ValidationMessageKey } from "./messages";

/**
 * A required text input (docs/product.md "Validation rules"). Blank means empty or only
 * white space (a field holding "   " is not filled in). Numbers count as filled unless NaN.
 */
export function validateRequired(
  value: string | number | null | undefined,
): ValidationMessageKey | null {
  if (value === null || value === undefined) return "required";
  if (typeof value === "number") return Number.isNaN(value) ? "required" : null;
  return value.trim() === "" ? "required" : null;
}

/**
 * A checkbox that must be ticked (privacy consent on registration; docs/product.md "Validation
 * rules").
 */
export function validateRequiredCheckbox(
  checked: boolean | null | undefined,
): ValidationMessageKey | null {
  return checked === true ? null : "required_checkbox";
}
