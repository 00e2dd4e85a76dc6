import { z } from "zod";

/**
 * Multipart text parts are strings. For each, the route's own body schema decides: the
 * string itself when the field takes it (a title "42" stays a string), else its JSON value
 * (`true`, `3`, `null`, `{"multi_answers":true}`), else the string (so the schema's error
 * names the field).
 */
export function coerceTextFields(
  fields: Map<string, string>,
  bodySchema: unknown,
): Record<string, unknown> {
  const shape =
    bodySchema instanceof z.ZodObject ? (bodySchema.shape as Record<string, z.ZodType>) : {};
  const body: Record<string, unknown> = {};
  for (const [name, raw] of fields) {
    const fieldSchema = Object.hasOwn(shape, name) ? shape[name] : undefined;
    let parsed: unknown;
    let parses = false;
    try {
      parsed = JSON.parse(raw);
      parses = true;
    } catch {
      parses = false;
    }
    if (fieldSchema?.safeParse(raw).success || !parses) body[name] = raw;
    else body[name] = parsed;
  }
  return body;
}
