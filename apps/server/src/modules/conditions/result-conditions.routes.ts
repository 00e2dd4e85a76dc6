import {
  apiPaths,
  errorBodySchema,
  idParamsSchema,
  resultConditionCreateSchema,
  resultConditionListSchema,
  resultConditionSchema,
  resultConditionUpdateSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { createConditionsService } from "./conditions.service";

const tags = ["result conditions"];
const answers = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const rules =
  "400 per field when `ref_question` is not a question of the result's quiz, its type does " +
  "not support the kind, `answers` are not its own, a range bound does not fit its type, " +
  "or the same condition exists on the result already (`non_field_errors`).";

/**
 * `resultconditionlist/{resultId}/`, `resultcondition/…` (operations `listResultConditions`, …).
 */
export async function resultConditionsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createConditionsService(context, "result");
  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      apiPaths.resultConditionList(":id"),
      {
        schema: {
          tags,
          summary: "Lists a result's conditions",
          description: "Ordered by id (conditions have no sort).",
          params: idParamsSchema,
          response: { 200: resultConditionListSchema, ...answers },
        },
      },
      async (request) => service.list(request.userId, request.params.id),
    );

    routes.get(
      apiPaths.resultConditionById(":id"),
      {
        schema: {
          tags,
          summary: "Reads a result condition",
          params: idParamsSchema,
          response: { 200: resultConditionSchema, ...answers },
        },
      },
      async (request) => service.get(request.userId, request.params.id),
    );

    routes.post(
      apiPaths.resultConditions,
      {
        schema: {
          tags,
          summary: "Adds a condition to a result",
          description: rules,
          body: resultConditionCreateSchema,
          response: { 201: resultConditionSchema, ...answers },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(request.userId, request.body)),
    );

    routes.patch(
      apiPaths.resultConditionById(":id"),
      {
        schema: {
          tags,
          summary: "Changes a result condition",
          description: `The merged condition is checked again as a whole. ${rules}`,
          params: idParamsSchema,
          body: resultConditionUpdateSchema,
          response: { 200: resultConditionSchema, ...answers },
        },
      },
      async (request) => service.update(request.userId, request.params.id, request.body),
    );

    routes.delete(
      apiPaths.resultConditionById(":id"),
      {
        schema: {
          tags,
          summary: "Deletes a result condition",
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
