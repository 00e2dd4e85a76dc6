import {
  apiPaths,
  errorBodySchema,
  idParamsSchema,
  questionConditionCreateSchema,
  questionConditionListSchema,
  questionConditionSchema,
  questionConditionUpdateSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { createConditionsService } from "./conditions.service";

const tags = ["question conditions"];
const errors = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

const rules =
  "400 when the question is the first one (`question`), `ref_question` is not an earlier " +
  "question of the quiz (`ref_question`), its type does not support the kind (`kind`), " +
  "`answers` are not its own (`answers`), or the same condition exists already " +
  "(`non_field_errors`).";

/**
 * Question conditions (operations `getQuestionCondition`, …): `questioncondition/…`,
 * `questionconditionlist/{id}/`.
 */
export async function questionConditionsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createConditionsService(context, "question");
  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      apiPaths.questionConditionById(":id"),
      {
        schema: {
          tags,
          summary: "Reads a question condition",
          params: idParamsSchema,
          response: { 200: questionConditionSchema, ...errors },
        },
      },
      async (request) => service.get(request.userId, request.params.id),
    );

    routes.get(
      apiPaths.questionConditionList(":id"),
      {
        schema: {
          tags,
          summary: "Lists a question's conditions",
          description: "In creation order (conditions have no sort).",
          params: idParamsSchema,
          response: { 200: questionConditionListSchema, ...errors },
        },
      },
      async (request) => service.list(request.userId, request.params.id),
    );

    routes.post(
      apiPaths.questionConditions,
      {
        schema: {
          tags,
          summary: "Adds a condition to a question",
          description: `Defaults: answers [], answers_include true, or, in_range, inside. ${rules}`,
          body: questionConditionCreateSchema,
          response: { 201: questionConditionSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(request.userId, request.body)),
    );

    routes.patch(
      apiPaths.questionConditionById(":id"),
      {
        schema: {
          tags,
          summary: "Changes a question condition",
          description: `The merged condition is checked whole. ${rules}`,
          params: idParamsSchema,
          body: questionConditionUpdateSchema,
          response: { 200: questionConditionSchema, ...errors },
        },
      },
      async (request) => service.update(request.userId, request.params.id, request.body),
    );

    routes.delete(
      apiPaths.questionConditionById(":id"),
      {
        schema: {
          tags,
          summary: "Deletes a question condition",
          params: idParamsSchema,
          response: { 204: z.void().describe("No Content"), ...errors },
        },
      },
      async (request, reply) => {
        await service.remove(request.userId, request.params.id);
        return reply.status(204).send();
      },
    );
  });
}
