import type { Messenger } from "@leadquiz/contract";
import type { FormFieldKey } from "@leadquiz/contract/codes";

/**
 * The contact form's inputs, by the name the lead call uses under `contacts` (the
 * contract's key of each form field type).
 */
export type FieldKey = FormFieldKey;

/**
 * Errors the server gave for the lead (400), by form field; `form` for the rest; `rate`: the
 * lead was refused for the rate of the visitor's address (429, the form's own text).
 */
export type ServerFieldErrors = Partial<
  Record<FieldKey | "consent" | "form" | "rate" | `messenger-${Messenger}`, string>
>;

const SERVER_KEYS: Record<string, keyof ServerFieldErrors> = {
  "contacts.name": "name",
  "contacts.email": "email",
  "contacts.phone": "phone",
  "contacts.other": "other",
  "contacts.other2": "other2",
  consent: "consent",
};

/**
 * Maps a 400 body of the lead call (`{"contacts.email": ["…"], "answers.3.answers": […]}`)
 * onto the form: contact fields, messengers' handles and the consent by name,
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
    const messenger = /^contacts\.messengers\.(\w+)$/.exec(name)?.[1];
    const key: keyof ServerFieldErrors =
      SERVER_KEYS[name] ??
      (messenger ? (`messenger-${messenger}` as keyof ServerFieldErrors) : "form");
    errors[key] = errors[key] ?? message;
  }
  return errors;
}
