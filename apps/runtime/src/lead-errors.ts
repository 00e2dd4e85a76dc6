import type { FormFieldKey } from "@leadquiz/contract/codes";

/**
 * The contact form's inputs, by the name the lead call uses under `contacts` (the
 * contract's key of each form field type).
 */
export type FieldKey = FormFieldKey;

/** Errors the server gave for the lead (400), by form field; `form` for the rest. */
export type ServerFieldErrors = Partial<Record<FieldKey | "consent" | "form", string>>;

const SERVER_KEYS: Record<string, FieldKey | "consent"> = {
  "contacts.name": "name",
  "contacts.email": "email",
  "contacts.phone": "phone",
  "contacts.other": "other",
  "contacts.other2": "other2",
  consent: "consent",
};

/**
 * Maps a 400 body of the lead call (`{"contacts.email": ["…"], "answers.3.answers": […]}`)
 * onto the form: contact fields and the consent by name (messengers on the phone field),
 * anything else as one message for the whole form.
 */
export function serverFieldErrors(body: unknown): ServerFieldErrors {
  const errors: ServerFieldErrors = {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) return errors;
  const detail = (body as { detail?: unknown }).detail;
  if (typeof detail === "string") return detail ? { form: detail } : errors; // `{detail, code}`
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    const message = Array.isArray(value) ? value.find((item) => typeof item === "string") : value;
    if (typeof message !== "string" || message === "") continue;
    const key = SERVER_KEYS[name] ?? (name.startsWith("contacts.messengers") ? "phone" : "form");
    errors[key] = errors[key] ?? message;
  }
  return errors;
}
