import { questionConditionsEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { createConditionsService } from "./conditions.service";

/**
 * Question conditions (operations `getQuestionCondition`, …): `questioncondition/…`,
 * `questionconditionlist/{id}/`.
 */
export async function questionConditionsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createConditionsService(context, "question");
  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    defineRoute(routes, endpoints.getQuestionCondition, async (request) =>
      service.get(request.userId, request.params.id),
    );

    defineRoute(routes, endpoints.listQuestionConditions, async (request) =>
      service.list(request.userId, request.params.id),
    );

    defineRoute(routes, endpoints.createQuestionCondition, async (request, reply) =>
      reply.status(201).send(await service.create(request.userId, request.body)),
    );

    defineRoute(routes, endpoints.updateQuestionCondition, async (request) =>
      service.update(request.userId, request.params.id, request.body),
    );

    defineRoute(routes, endpoints.deleteQuestionCondition, async (request, reply) => {
      await service.remove(request.userId, request.params.id);
      return reply.status(204).send();
    });
  });
}
