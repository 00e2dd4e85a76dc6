/**
 * The numeric codes of the API (smallint columns), named once for the server, the engine,
 * the runtime and the web app. This file has no dependencies (no zod), so the visitor
 * runtime imports it as `@leadquiz/contract/codes` without the schemas. docs/quiz-model.md
 * describes what each code means.
 */

/** `formfield.type`: which contact a form field asks for. */
export const FormFieldType = {
  Name: 1,
  Phone: 2,
  Email: 3,
  Other: 4,
  Other2: 5,
} as const;
export type FormFieldTypeCode = (typeof FormFieldType)[keyof typeof FormFieldType];

/** The contact (a lead's `contacts.<key>`) each form field type fills. */
export const formFieldKeys = {
  [FormFieldType.Name]: "name",
  [FormFieldType.Phone]: "phone",
  [FormFieldType.Email]: "email",
  [FormFieldType.Other]: "other",
  [FormFieldType.Other2]: "other2",
} as const satisfies Record<FormFieldTypeCode, string>;
export type FormFieldKey = (typeof formFieldKeys)[FormFieldTypeCode];
