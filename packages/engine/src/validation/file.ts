import type { ValidationMessageKey } from "./messages";

/**
 * Upload limit (docs/product.md "Validation rules", docs/api.md "Conventions"): 100 MB, binary
 * megabytes.
 */
export const MAX_UPLOAD_MEGABYTES = 100;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MEGABYTES * 1024 * 1024;

/**
 * An uploaded file must not exceed 100 MB; exactly MAX_UPLOAD_BYTES is still accepted.
 * A size that is not a number (NaN) is refused as well, so an unknown size never passes.
 */
export function validateFileSize(bytes: number): ValidationMessageKey | null {
  return bytes <= MAX_UPLOAD_BYTES ? null : "file_too_large";
}
