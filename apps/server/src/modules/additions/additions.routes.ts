import {
  additionCreateSchema,
  additionListSchema,
  additionSchema,
  additionUpdateSchema,
  apiPaths,
  errorBodySchema,
  idParamsSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { createAdditionsService } from "./additions.service";

const tags = ["additions"];
const answers = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** `addition/{quizId}/by_quiz`, `addition/…` (operations `listAdditions`, `createAddition`, …). */
export async function additionsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createAdditionsService(context);
  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      apiPaths.additionsByQuiz(":id"),
      {
        schema: {
          tags,
          summary: "Lists a quiz's additions",
          description: "Ordered by sort, then id; settings with the type's defaults filled in.",
          params: idParamsSchema,
          response: { 200: additionListSchema, ...answers },
        },
      },
      async (request) => service.list(request.userId, request.params.id),
    );

    routes.post(
      apiPaths.additions,
      {
        schema: {
          tags,
          summary: "Adds a bonus, discount or consultant to a quiz",
          description:
            "Missing settings take the type's defaults. A quiz has at most one addition of " +
            "each type: a second is a 400 on `type`. Placed last unless `sort` names a " +
            "position (1-based).",
          body: additionCreateSchema,
          response: { 201: additionSchema, ...answers },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(request.userId, request.body)),
    );

    routes.patch(
      apiPaths.additionById(":id"),
      {
        schema: {
          tags,
          summary: "Changes an addition",
          description:
            "The type does not change. `settings` is merged (null clears a key back to its " +
            "default) and the result checked with the type's schema (400 `settings.<key>`). " +
            "`sort` moves it; `image: null` removes the image.",
          params: idParamsSchema,
          body: additionUpdateSchema,
          response: { 200: additionSchema, ...answers },
        },
      },
      async (request) => service.update(request.userId, request.params.id, request.body),
    );

    routes.delete(
      apiPaths.additionById(":id"),
      {
        schema: {
          tags,
          summary: "Deletes an addition",
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
