import type { ValidationMessageKey } from "./messages";

export interface NumberRange {
  min: number;
  max: number;
  step: number;
}

/** Decimal places of a finite number as JavaScript prints it ("0.1" → 1, "1e-7" → 7). */
function decimalPlaces(value: number): number {
  const [mantissa = "", exponent] = String(Math.abs(value)).split("e");
  const fraction = mantissa.split(".")[1] ?? "";
  return Math.max(0, fraction.length - Number(exponent ?? 0));
}

/** Above this many decimal places the scaled integers would lose precision. */
const MAX_SCALED_DECIMALS = 12;
/** Relative tolerance of the fallback comparison. */
const TOLERANCE = 1e-9;

/**
 * Whether (max − min) is a whole multiple of step, for decimal inputs as users type them.
 * 0.1 is not exactly representable in binary, so the three numbers are scaled to integers
 * by the largest count of decimal places among them (0, 1, 0.1 → 0, 10, 1) and compared
 * exactly. Inputs with very many decimals fall back to a relative tolerance.
 */
export function isMultipleOfStep(min: number, max: number, step: number): boolean {
  const decimals = Math.max(decimalPlaces(min), decimalPlaces(max), decimalPlaces(step));
  if (decimals <= MAX_SCALED_DECIMALS) {
    const scale = 10 ** decimals;
    const scaledMin = Math.round(min * scale);
    const scaledMax = Math.round(max * scale);
    const scaledStep = Math.round(step * scale);
    if (
      Number.isSafeInteger(scaledMin) &&
      Number.isSafeInteger(scaledMax) &&
      Number.isSafeInteger(scaledStep) &&
      Number.isSafeInteger(scaledMax - scaledMin) &&
      scaledStep !== 0
    ) {
      return (scaledMax - scaledMin) % scaledStep === 0;
    }
  }
  const quotient = (max - min) / step;
  return Math.abs(quotient - Math.round(quotient)) <= TOLERANCE * Math.max(1, Math.abs(quotient));
}

/**
 * Number question rule (docs/product.md "Validation rules"): the step must be greater than zero,
 * max greater than min, and max − min must divide by the step without remainder.
 */
export function validateNumberStep({ min, max, step }: NumberRange): ValidationMessageKey | null {
  if (!Number.isFinite(min) || !Number.isFinite(max) || !Number.isFinite(step)) {
    return "invalid_number";
  }
  if (step <= 0) return "number_step_not_positive";
  if (max <= min) return "number_max_not_greater_than_min";
  return isMultipleOfStep(min, max, step) ? null : "number_step";
}
