import type { ErrorCode } from "@leadquiz/contract";

/** HTTP status of every error code; the compiler forces one for each new code. */
export const errorStatus: Record<ErrorCode, number> = {
  not_authenticated: 401,
  token_not_valid: 401,
  invalid_credentials: 401,
  permission_denied: 403,
  not_found: 404,
  quiz_closed: 410,
  project_limit: 403,
  lead_limit: 403,
  lead_not_opened: 403,
  tariff_expired: 403,
  insufficient_funds: 400,
  file_too_large: 413,
  unsupported_media: 415,
  rate_limited: 429,
  service_unavailable: 503,
  server_error: 500,
  telegram_not_authorised: 400,
  telegram_not_configured: 404,
};

/**
 * An error the client should see as `{detail, code}`. `messageKey` is an `errors:` key of
 * packages/i18n (defaults to the code), translated by the request's Accept-Language.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string = code,
    readonly params: Record<string, string | number> = {},
    readonly headers: Record<string, string> = {},
    /** Fields the body carries besides `{detail, code}` (e.g. a 410's `reason`). */
    readonly extra: Record<string, string> = {},
  ) {
    super(`${code}: ${messageKey}`);
    this.name = "AppError";
    this.status = errorStatus[code];
  }
}

/** A message key, or a key with the values of its placeholders. */
export type FieldMessage = string | { key: string; params: Record<string, string | number> };

/**
 * A per-field validation failure raised by a service (e.g. "this e-mail is taken"): 400 with
 * `{field: [message]}`. Values are `validation:` or `errors:` keys, translated on the way out.
 */
export class FieldErrors extends Error {
  constructor(readonly fields: Record<string, FieldMessage[]>) {
    super(`validation failed: ${Object.keys(fields).join(", ")}`);
    this.name = "FieldErrors";
  }
}
