import { errorBodySchema, validationErrorBodySchema } from "../errors";

/** The tag of every lead delivery operation (docs/api.md "Lead delivery"). */
export const deliveryTags = ["lead delivery"];

/** The error answers every integration operation declares. */
export const deliveryAnswers = {
  400: validationErrorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
};
