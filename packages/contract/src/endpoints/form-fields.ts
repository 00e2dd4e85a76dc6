import { z } from "zod";
import { errorBodySchema, validationErrorBodySchema } from "../errors";
import {
  formFieldCreateSchema,
  formFieldListSchema,
  formFieldSchema,
  formFieldUpdateSchema,
} from "../form-fields";
import { idParamsSchema } from "../quiz-common";
import { endpoint } from "./endpoint";

const tags = ["form fields"];

const answers = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

const oneOfEachType =
  "A quiz has at most one field of each type (each is one contact of a lead): a second " +
  "is a 400 on `type`.";

/** The operations of apps/server's form-fields.routes.ts (docs/api.md). */
export const formFieldsEndpoints = {
  listFormFields: endpoint({
    method: "GET",
    path: "/quiz/{id}/formfield_list/",
    operationId: "listFormFields",
    tags,
    summary: "Lists a quiz's contact form fields",
    description: "Ordered by sort, then id.",
    params: idParamsSchema,
    responses: { 200: formFieldListSchema, ...answers },
  }),
  getFormField: endpoint({
    method: "GET",
    path: "/formfield/{id}/",
    operationId: "getFormField",
    tags,
    summary: "Reads a form field",
    params: idParamsSchema,
    responses: { 200: formFieldSchema, ...answers },
  }),
  createFormField: endpoint({
    method: "POST",
    path: "/formfield/",
    operationId: "createFormField",
    tags,
    summary: "Adds a field to a quiz's contact form",
    description: `Placed last unless \`sort\` names a position (1-based). ${oneOfEachType}`,
    body: formFieldCreateSchema,
    responses: { 201: formFieldSchema, ...answers },
  }),
  updateFormField: endpoint({
    method: "PATCH",
    path: "/formfield/{id}/",
    operationId: "updateFormField",
    tags,
    summary: "Changes a form field",
    description: `\`sort\` moves it and renumbers the others. ${oneOfEachType}`,
    params: idParamsSchema,
    body: formFieldUpdateSchema,
    responses: { 200: formFieldSchema, ...answers },
  }),
  deleteFormField: endpoint({
    method: "DELETE",
    path: "/formfield/{id}/",
    operationId: "deleteFormField",
    tags,
    summary: "Deletes a form field",
    description: "The other fields are renumbered 1, 2, 3, ….",
    params: idParamsSchema,
    responses: { 204: z.void(), ...answers },
  }),
} as const;
