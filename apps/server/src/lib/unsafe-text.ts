import { API_PREFIX, NON_FIELD_ERRORS } from "@leadquiz/contract";
import type { FastifyRequest } from "fastify";
import { FieldErrors } from "./app-error";

/**
 * A preValidation hook that refuses request bodies and API query strings with text PostgreSQL
 * cannot store or that would be silently corrupted: NUL characters (`\u0000`, refused by
 * PostgreSQL's `text`) and lone UTF-16 surrogates (`"\ud800"` in JSON; node-postgres would turn
 * them into U+FFFD), and in a query string also percent-escapes that are not UTF-8 (`%ED%A0%80`,
 * a lone surrogate's bytes, which the query parser would pass on as the literal text).
 * Answers 400 `{"<dotted field or query parameter>": ["<invalid_characters message>"]}` (a bad
 * key or parameter name: non_field_errors); a body nested deeper than MAX_BODY_DEPTH answers
 * 400 `{"non_field_errors": [too_deep]}`.
 *
 * Registered app-wide in app.ts. Query strings are checked on the API only: the pages (`/q/…`,
 * `/l/…`) store nothing from theirs, and a visitor following a mangled link still sees the quiz.
 */
export async function rejectUnsafeText(request: FastifyRequest): Promise<void> {
  const parameter = request.url.startsWith(API_PREFIX) ? findUnsafeQuery(request.url) : undefined;
  const field = parameter ?? findUnsafeText(request.body);
  if (field !== undefined) throw new FieldErrors({ [field]: ["invalid_characters"] });
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const PERCENT_ESCAPE = /(%[0-9A-Fa-f]{2})/;

/**
 * A query string's name or value decoded as WHATWG's form decoding does (`+` is a space,
 * `%XX` a byte, a `%` without two hex digits stays itself), but strictly: undefined when the
 * bytes are not UTF-8.
 */
function decodeQueryPart(part: string): string | undefined {
  const text = part.replaceAll("+", " ");
  if (!text.includes("%")) return text;
  const bytes = text
    .split(PERCENT_ESCAPE)
    .map((piece) =>
      PERCENT_ESCAPE.test(piece) && piece.length === 3
        ? Buffer.of(Number.parseInt(piece.slice(1), 16))
        : Buffer.from(piece, "utf8"),
    );
  try {
    return strictUtf8.decode(Buffer.concat(bytes));
  } catch {
    return undefined;
  }
}

/**
 * The first query parameter of `url` (its name) whose value is unsafe text or not UTF-8;
 * non_field_errors for a bad name; undefined when the query string is clean.
 */
export function findUnsafeQuery(url: string): string | undefined {
  const at = url.indexOf("?");
  if (at === -1) return undefined;
  for (const pair of url.slice(at + 1).split("&")) {
    const equals = pair.indexOf("=");
    const rawName = equals === -1 ? pair : pair.slice(0, equals);
    const name = isUnsafeText(rawName) ? undefined : decodeQueryPart(rawName);
    if (name === undefined || isUnsafeText(name)) return NON_FIELD_ERRORS;
    const rawValue = equals === -1 ? "" : pair.slice(equals + 1);
    const value = isUnsafeText(rawValue) ? undefined : decodeQueryPart(rawValue);
    if (value === undefined || isUnsafeText(value)) return name || NON_FIELD_ERRORS;
  }
  return undefined;
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
