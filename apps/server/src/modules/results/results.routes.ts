import {
  apiPaths,
  copyRequestSchema,
  errorBodySchema,
  idParamsSchema,
  resultCreateSchema,
  resultListSchema,
  resultSchema,
  resultUpdateSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { createResultsService } from "./results.service";

const tags = ["results"];
const errors = { 401: errorBodySchema, 404: errorBodySchema };
const withValidation = { 400: validationErrorBodySchema, ...errors };

/**
 * Results of a quiz: `quiz/{id}/result_list/`, `result/…`, `result/copy/` (operations `listResults`
 * … `copyResult`).
 */
export async function resultsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createResultsService(context);
  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      apiPaths.quizResultList(":id"),
      {
        schema: {
          tags,
          summary: "Lists a quiz's results",
          description: "Ordered by sort, then id.",
          params: idParamsSchema,
          response: { 200: resultListSchema, ...withValidation },
        },
      },
      async (request) => service.list(request.userId, request.params.id),
    );

    routes.get(
      apiPaths.resultById(":id"),
      {
        schema: {
          tags,
          summary: "Reads a result",
          params: idParamsSchema,
          response: { 200: resultSchema, ...withValidation },
        },
      },
      async (request) => service.get(request.userId, request.params.id),
    );

    routes.post(
      apiPaths.results,
      {
        schema: {
          tags,
          summary: "Creates a result",
          description:
            'A missing title becomes "Result {n}" in the quiz\'s language (n: the number of ' +
            "results with this one). Placed last unless `sort` names a position (1-based; " +
            "the others move down). The formula may only name questions of this quiz (400 " +
            "`formula.{i}.question`); it is saved with the engine's verdict " +
            "(`formula_valid`, `formula_errors`) even when broken.",
          body: resultCreateSchema,
          response: { 201: resultSchema, ...withValidation },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(request.userId, request.body)),
    );

    routes.post(
      apiPaths.resultCopy,
      {
        schema: {
          tags,
          summary: "Copies a result with its conditions",
          description: "The copy is placed right after the original; the others move down.",
          body: copyRequestSchema,
          response: { 201: resultSchema, ...withValidation },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.copy(request.userId, request.body.id)),
    );

    routes.patch(
      apiPaths.resultById(":id"),
      {
        schema: {
          tags,
          summary: "Changes a result",
          description:
            "`config` is merged (null clears a key). `sort` moves the result to that " +
            "position and renumbers the others. The formula is re-checked against the " +
            "quiz's current questions and saved with its verdict; a question of another " +
            "quiz is a 400 on `formula.{i}.question`. `media: null` removes the file.",
          params: idParamsSchema,
          body: resultUpdateSchema,
          response: { 200: resultSchema, ...withValidation },
        },
      },
      async (request) => service.update(request.userId, request.params.id, request.body),
    );

    routes.delete(
      apiPaths.resultById(":id"),
      {
        schema: {
          tags,
          summary: "Deletes a result and its conditions",
          description: "The other results are renumbered 1, 2, 3, ….",
          params: idParamsSchema,
          response: { 204: z.void(), ...withValidation },
        },
      },
      async (request, reply) => {
        await service.remove(request.userId, request.params.id);
        return reply.status(204).send();
      },
    );
  });
}
