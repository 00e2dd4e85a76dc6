import { z } from "zod";
import { idSchema, shortText, sortSchema } from "./quiz-common";

/** 1 Title (name), 2 Phone, 3 Email, 4 External, 5 External2. */
export const formFieldTypeSchema = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
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
