import { validationMessageKeys } from "@leadquiz/engine";
import type { z } from "zod";
import { schemaFieldErrors } from "../../lib/field-errors";

const knownKeys = new Set<string>(validationMessageKeys);

type JsonObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * JSON merge patch (RFC 7386): keys of `patch` replace those of `target`, `null` removes
 * a key, nested objects merge recursively, arrays replace. Neither input is changed.
 */
export function applyMergePatch<T extends JsonObject>(target: T, patch: JsonObject): T {
  const merged: JsonObject = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete merged[key];
    else if (isPlainObject(value)) {
      const current = merged[key];
      merged[key] = applyMergePatch(isPlainObject(current) ? current : {}, value);
    } else merged[key] = value;
  }
  return merged as T;
}

/**
 * Parses a merged nested object (defaults filled in) with its full schema, so rules across
 * keys hold for what is stored. Failures become 400 per field under `prefix`
 * (`design.button_color`).
 */
export function revalidate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  prefix: string,
): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw schemaFieldErrors(parsed.error.issues, { prefix: [prefix], knownKeys });
}
