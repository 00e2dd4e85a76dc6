import { additionsEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { createAdditionsService } from "./additions.service";

/** `addition/{quizId}/by_quiz`, `addition/…` (operations `listAdditions`, `createAddition`, …). */
export async function additionsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createAdditionsService(context);
  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    defineRoute(routes, endpoints.listAdditions, async (request) =>
      service.list(request.userId, request.params.id),
    );

    defineRoute(routes, endpoints.createAddition, async (request, reply) =>
      reply.status(201).send(await service.create(request.userId, request.body)),
    );

    defineRoute(routes, endpoints.updateAddition, async (request) =>
      service.update(request.userId, request.params.id, request.body),
    );

    defineRoute(routes, endpoints.deleteAddition, async (request, reply) => {
      await service.remove(request.userId, request.params.id);
      return reply.status(204).send();
    });
  });
}
