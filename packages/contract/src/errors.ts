import { z } from "zod";

/** Machine codes of non-validation errors (docs/api.md "Conventions"). */
export const errorCodes = [
  "not_authenticated",
  "token_not_valid",
  "invalid_credentials",
  "permission_denied",
  "not_found",
  "quiz_closed",
  "project_limit",
  "lead_limit",
  "lead_not_opened",
  "tariff_expired",
  "insufficient_funds",
  "file_too_large",
  "unsupported_media",
  "rate_limited",
  "service_unavailable",
  "server_error",
  "telegram_not_authorised",
  "telegram_not_configured",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** `{detail, code}`: every error that is not a per-field validation error. */
export const errorBodySchema = z.object({
  detail: z.string(),
  code: z.enum(errorCodes),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Why a quiz no longer takes leads (docs/leads.md "Closed quizzes"). */
export const quizClosedReasons = ["hidden", "deleted", "tariff_ended"] as const;
export type QuizClosedReason = (typeof quizClosedReasons)[number];

/**
 * 410 of the visitor's lead calls: the quiz was hidden, deleted or its owner's tariff ended
 * longer ago than the grace period. `closed_at`: when visitors lost it.
 */
export const quizClosedBodySchema = z.object({
  detail: z.string(),
  code: z.literal("quiz_closed"),
  reason: z.enum(quizClosedReasons),
  closed_at: z.string(),
});
export type QuizClosedBody = z.infer<typeof quizClosedBodySchema>;

/** 400 body: one key per field (dotted for nested fields), each a list of messages. */
export const validationErrorBodySchema = z.record(z.string(), z.array(z.string()));
export type ValidationErrorBody = z.infer<typeof validationErrorBodySchema>;

export const NON_FIELD_ERRORS = "non_field_errors";
