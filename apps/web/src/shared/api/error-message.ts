import type { TFunction } from "i18next";
import { isApiError } from "./api-error";

/**
 * A message for a failed call: the translated `errors:<code>` when the code is known,
 * else the server's own (already translated) detail, else a generic text.
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t("common:errors.unexpected");
  if (error.status === 0) return t("common:errors.network");
  const fallback = error.detail ?? t("common:errors.unexpected");
  const code = error.code;
  return code ? t(`errors:${code}`, { defaultValue: fallback }) : fallback;
}
