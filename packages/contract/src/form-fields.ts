import { z } from "zod";
import { FormFieldType } from "./codes";
import { idSchema, shortText, sortSchema } from "./quiz-common";

export const formFieldTypeSchema = z.union([
  z.literal(FormFieldType.Name),
  z.literal(FormFieldType.Phone),
  z.literal(FormFieldType.Email),
  z.literal(FormFieldType.Other),
  z.literal(FormFieldType.Other2),
]);

export const formFieldSchema = z.object({
  id: z.int32(),
  quiz: z.int32(),
  sort: z.int32(),
  type: formFieldTypeSchema,
  label: z.string(),
  placeholder: z.string(),
  required: z.boolean(),
  enabled: z.boolean(),
});
export type FormField = z.infer<typeof formFieldSchema>;
export const formFieldListSchema = z.array(formFieldSchema);

const formFieldWritableFields = {
  sort: sortSchema,
  label: shortText,
  placeholder: shortText,
  required: z.boolean(),
  enabled: z.boolean(),
};

/** `POST formfield/`. */
export const formFieldCreateSchema = z.object({
  quiz: idSchema,
  type: formFieldTypeSchema,
  ...z.object(formFieldWritableFields).partial().shape,
});
export type FormFieldCreate = z.infer<typeof formFieldCreateSchema>;

/** `PATCH formfield/{id}/`. */
export const formFieldUpdateSchema = z
  .object({ type: formFieldTypeSchema, ...formFieldWritableFields })
  .partial();
export type FormFieldUpdate = z.infer<typeof formFieldUpdateSchema>;
