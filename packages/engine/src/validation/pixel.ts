import type { ValidationMessageKey } from "./messages";

export const PIXEL_ID_MIN_DIGITS = 15;
export const PIXEL_ID_MAX_DIGITS = 16;

const PIXEL_ID_PATTERN = /^[0-9]{15,16}$/;

/**
 * Pixel id hint (docs/product.md "Validation rules"): a pixel id is usually 15 to 16 digits. This
 * is a warning only; forms show it but still save the value, and the server never rejects on it. An
 * empty field (no pixel configured) gets no hint. Surrounding white space is ignored.
 */
export function pixelIdHint(value: string): ValidationMessageKey | null {
  const trimmed = value.trim();
  if (trimmed === "") return null;
  return PIXEL_ID_PATTERN.test(trimmed) ? null : "pixel_id_hint";
}
