import { NON_FIELD_ERRORS } from "@leadquiz/contract";
import type { FastifyError, FastifyInstance } from "fastify";
import { AppError, FieldErrors } from "../../lib/app-error";

/** Deeper bodies are refused before parsing; the visitor calls' bodies nest 3 levels at most. */
export const VISITOR_BODY_MAX_DEPTH = 20;

/**
 * Installs the JSON handling of the visitor calls in their encapsulated scope: a body nested
 * deeper than VISITOR_BODY_MAX_DEPTH answers 400 `non_field_errors: [invalid_request]` before
 * it is parsed (nothing recursive ever sees it), and a body over the route's `bodyLimit`
 * answers 413 `file_too_large` with the limit in KB. Everything else goes to the app's error
 * handler unchanged (NUL and lone surrogates are refused app-wide by `rejectUnsafeText`).
 */
export function acceptVisitorJson(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser("error", "error");
  scope.removeContentTypeParser("application/json");
  scope.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (nestingDepthExceeds(body as string, VISITOR_BODY_MAX_DEPTH)) {
      done(new FieldErrors({ [NON_FIELD_ERRORS]: ["invalid_request"] }), undefined);
      return;
    }
    void parseJson(request, body as string, done);
  });
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      const limit = request.routeOptions.bodyLimit ?? scope.initialConfig.bodyLimit ?? 0;
      return reply.send(
        new AppError("file_too_large", "body_too_large", { max: Math.floor(limit / 1024) }),
      );
    }
    // The app's error handler answers the rest.
    return reply.send(error);
  });
}

/** Whether the JSON text nests arrays and objects deeper than `max` (brackets inside strings don't count). */
export function nestingDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      depth++;
      if (depth > max) return true;
    } else if (char === 0x5d || char === 0x7d) {
      depth--;
    }
  }
  return false;
}
