import type { TFunction } from "i18next";
import { isApiError } from "./api-error";

/**
 * A message for a failed call: the translated `errors:<code>` when the code is known,
 * else the server's own (already translated) detail or, for a refused value, its field
 * messages, else a generic text. A message with
 * values the client does not have (`rate_limited`'s seconds) is the server's detail, which
 * carries them.
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t("common:errors.unexpected");
  if (error.status === 0) return t("common:errors.network");
  const fieldMessages = Object.values(error.fieldErrors ?? {}).flat();
  const fallback =
    error.detail ??
    (fieldMessages.length > 0 ? fieldMessages.join(" ") : t("common:errors.unexpected"));
  const code = error.code;
  if (!code) return fallback;
  const translated = t(`errors:${code}`, { defaultValue: fallback });
  return translated.includes("{{") ? fallback : translated;
}
