import { NON_FIELD_ERRORS } from "@leadquiz/contract";
import { type ValidationMessageKey, validationMessageParams } from "@leadquiz/engine";
import { translate } from "@leadquiz/i18n";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, FieldErrors } from "../lib/app-error";
import { isDatabaseUnavailable } from "../lib/database-errors";
import { languageFromAcceptLanguage } from "../lib/request-language";

/**
 * The one error handler (docs/api.md "Conventions"): validation → 400 with every issue per field,
 * AppError → its status and `{detail, code}`, a lost database → 503, anything else → 500
 * with a generic message and the request id in the log.
 */
export const errorHandlerPlugin = fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = languageFromAcceptLanguage(request.headers["accept-language"]);
    const t = (key: string) =>
      key.includes(":")
        ? translate(language, key)
        : translate(
            language,
            `validation:${key}`,
            validationMessageParams[key as ValidationMessageKey],
          );

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field =
          (issue.instancePath ?? "").replace(/^\//, "").replaceAll("/", ".") || NON_FIELD_ERRORS;
        const key = messageKeyOfIssue(issue.keyword, issue.message ?? "", issue.params);
        const list = fields[field] ?? [];
        const text = t(key);
        if (!list.includes(text)) list.push(text);
        fields[field] = list;
      }
      return reply.status(400).send(fields);
    }
    if (error instanceof FieldErrors) {
      const fields = Object.fromEntries(
        Object.entries(error.fields).map(([field, keys]) => [
          field,
          keys.map((key) =>
            typeof key === "string" ? t(key) : translate(language, key.key, key.params),
          ),
        ]),
      );
      return reply.status(400).send(fields);
    }
    if (error instanceof AppError) {
      return sendError(
        reply,
        error.status,
        error.code,
        translate(language, `errors:${error.messageKey}`, error.params),
        error.headers,
        error.extra,
      );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return sendError(
        reply,
        503,
        "service_unavailable",
        translate(language, "errors:service_unavailable"),
        { "retry-after": "5" },
      );
    }
    if (error.statusCode === 429) {
      return sendError(
        reply,
        429,
        "rate_limited",
        translate(language, "errors:rate_limited", { seconds: 60 }),
      );
    }
    if (
      error.validation ||
      error.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
      error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" ||
      (error.statusCode === 400 && error.code?.startsWith("FST_"))
    ) {
      return reply.status(400).send({ [NON_FIELD_ERRORS]: [t("invalid_request")] });
    }
    if (error.statusCode === 413 || error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return sendError(reply, 413, "file_too_large", translate(language, "errors:file_too_large"));
    }
    if (error.statusCode === 415 || error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return sendError(
        reply,
        415,
        "unsupported_media",
        translate(language, "errors:unsupported_media"),
      );
    }
    request.log.error({ err: error, reqId: request.id }, "unhandled error");
    return sendError(reply, 500, "server_error", translate(language, "errors:server_error"));
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const language = languageFromAcceptLanguage(request.headers["accept-language"]);
    return sendError(reply, 404, "not_found", translate(language, "errors:not_found"));
  });
});

function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  detail: string,
  headers: Record<string, string> = {},
  extra: Record<string, string> = {},
) {
  return reply
    .status(status)
    .headers(headers)
    .send({ detail, code, ...extra });
}

/** Our own rules put their message key in the issue; zod's built-in checks are mapped here. */
function messageKeyOfIssue(
  keyword: string,
  message: string,
  params: Record<string, unknown>,
): string {
  if (keyword === "custom") return message;
  if (keyword === "invalid_type" && params.input === undefined) return "required";
  if (keyword === "too_small" && params.origin === "string" && params.minimum === 1)
    return "required";
  if (keyword === "too_big") return params.origin === "number" ? "invalid_value" : "too_long";
  return "invalid_value";
}
