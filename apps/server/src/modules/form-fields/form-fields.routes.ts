import {
  apiPaths,
  errorBodySchema,
  formFieldCreateSchema,
  formFieldListSchema,
  formFieldSchema,
  formFieldUpdateSchema,
  idParamsSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { createFormFieldsService } from "./form-fields.service";

const tags = ["form fields"];
const answers = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const oneOfEachType =
  "A quiz has at most one field of each type (each is one contact of a lead): a second " +
  "is a 400 on `type`.";

/**
 * `quiz/{id}/formfield_list/`, `formfield/…` (operations `listFormFields`, `createFormField`, …).
 */
export async function formFieldsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createFormFieldsService(context);
  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      apiPaths.quizFormFieldList(":id"),
      {
        schema: {
          tags,
          summary: "Lists a quiz's contact form fields",
          description: "Ordered by sort, then id.",
          params: idParamsSchema,
          response: { 200: formFieldListSchema, ...answers },
        },
      },
      async (request) => service.list(request.userId, request.params.id),
    );

    routes.get(
      apiPaths.formFieldById(":id"),
      {
        schema: {
          tags,
          summary: "Reads a form field",
          params: idParamsSchema,
          response: { 200: formFieldSchema, ...answers },
        },
      },
      async (request) => service.get(request.userId, request.params.id),
    );

    routes.post(
      apiPaths.formFields,
      {
        schema: {
          tags,
          summary: "Adds a field to a quiz's contact form",
          description: `Placed last unless \`sort\` names a position (1-based). ${oneOfEachType}`,
          body: formFieldCreateSchema,
          response: { 201: formFieldSchema, ...answers },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(request.userId, request.body)),
    );

    routes.patch(
      apiPaths.formFieldById(":id"),
      {
        schema: {
          tags,
          summary: "Changes a form field",
          description: `\`sort\` moves it and renumbers the others. ${oneOfEachType}`,
          params: idParamsSchema,
          body: formFieldUpdateSchema,
          response: { 200: formFieldSchema, ...answers },
        },
      },
      async (request) => service.update(request.userId, request.params.id, request.body),
    );

    routes.delete(
      apiPaths.formFieldById(":id"),
      {
        schema: {
          tags,
          summary: "Deletes a form field",
          description: "The other fields are renumbered 1, 2, 3, ….",
          params: idParamsSchema,
          response: { 204: z.void(), ...answers },
        },
      },
      async (request, reply) => {
        await service.remove(request.userId, request.params.id);
        return reply.status(204).send();
      },
    );
  });
}
