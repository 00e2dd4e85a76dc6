import { isApiError } from "./api-error";

/** Sets a form field's error message (Mantine's `form.setFieldError`). */
type SetFieldError<Field extends string> = (field: Field, message: string) => void;

/**
 * Puts the per-field messages of a 400 answer under the matching form fields.
 * `fieldMap` maps server field names to form fields. Returns the messages that match no
 * field (non_field_errors and unknown fields), or null when the error is not a 400 answer.
 */
export function applyFieldErrors<Field extends string>(
  error: unknown,
  setFieldError: SetFieldError<Field>,
  fieldMap: Record<string, Field>,
): string[] | null {
  if (!isApiError(error)) return null;
  const fields = error.fieldErrors;
  if (!fields) return null;
  const rest: string[] = [];
  const collected = new Map<Field, string[]>();
  for (const [serverField, messages] of Object.entries(fields)) {
    const field = fieldMap[serverField];
    if (field) collected.set(field, [...(collected.get(field) ?? []), ...messages]);
    else rest.push(...messages);
  }
  for (const [field, messages] of collected) setFieldError(field, messages.join(" "));
  return rest;
}
