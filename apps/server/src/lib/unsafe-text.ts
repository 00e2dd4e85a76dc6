import { NON_FIELD_ERRORS } from "@leadquiz/contract";
import type { FastifyRequest } from "fastify";
import { FieldErrors } from "./app-error";

/**
 * A preValidation hook that refuses request bodies with text PostgreSQL cannot store or that
 * would be silently corrupted: NUL characters (`\u0000`, refused by PostgreSQL's `text`) and
 * lone UTF-16 surrogates (`"\ud800"` in JSON; node-postgres would turn them into U+FFFD).
 * Answers 400 `{"<dotted field>": ["<invalid_characters message>"]}` (a bad key: non_field_errors);
 * a body nested deeper than MAX_BODY_DEPTH answers 400 `{"non_field_errors": [too_deep]}`.
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

/** How deep a request body may nest (objects and arrays); deeper → 400 (docs/security.md). */
export const MAX_BODY_DEPTH = 400;

/**
 * The dotted path of the first unsafe string in a parsed JSON value, or undefined. Walks
 * with its own stack (no recursion, whatever the depth) and stops with 400 `too_deep` as soon
 * as the value nests deeper than MAX_BODY_DEPTH, before anything else reads it.
 */
export function findUnsafeText(value: unknown, path = ""): string | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const current = item.value;
    if (typeof current === "string") {
      if (isUnsafeText(current)) return item.path || NON_FIELD_ERRORS;
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (item.depth >= MAX_BODY_DEPTH) {
      throw new FieldErrors({ [NON_FIELD_ERRORS]: ["too_deep"] });
    }
    const entries = Array.isArray(current)
      ? current.map((child, index): [string, unknown] => [String(index), child])
      : Object.entries(current);
    for (const [key] of entries) {
      if (isUnsafeText(key)) return NON_FIELD_ERRORS;
    }
    // Reversed, so the first child is walked first (the answer names the first bad field).
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index] ?? ["", undefined];
      stack.push({
        value: child,
        path: item.path ? `${item.path}.${key}` : key,
        depth: item.depth + 1,
      });
    }
  }
  return undefined;
}
