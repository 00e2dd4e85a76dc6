import { NON_FIELD_ERRORS } from "@leadquiz/contract";
import type { FastifyRequest } from "fastify";
import { FieldErrors } from "./app-error";

/**
 * A preValidation hook that refuses request bodies with text PostgreSQL cannot store or that
 * would be silently corrupted: NUL characters (`\u0000`, refused by PostgreSQL's `text`) and
 * lone UTF-16 surrogates (`"\ud800"` in JSON; node-postgres would turn them into U+FFFD).
 * Answers 400 `{"<dotted field>": ["<invalid_characters message>"]}` (a bad key: non_field_errors).
 *
 * Registered app-wide in app.ts.
 */
export async function rejectUnsafeText(request: FastifyRequest): Promise<void> {
  const field = findUnsafeText(request.body);
  if (field !== undefined) throw new FieldErrors({ [field]: ["invalid_characters"] });
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isUnsafeText(value: string): boolean {
  return value.includes("\u0000") || LONE_SURROGATE.test(value);
}

/** The dotted path of the first unsafe string in a parsed JSON value, or undefined. */
export function findUnsafeText(value: unknown, path = ""): string | undefined {
  if (typeof value === "string") return isUnsafeText(value) ? path || NON_FIELD_ERRORS : undefined;
  if (value === null || typeof value !== "object") return undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnsafeText(item, path ? `${path}.${index}` : String(index));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (isUnsafeText(key)) return NON_FIELD_ERRORS;
    const found = findUnsafeText(item, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}
