import { resultsEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { createResultsService } from "./results.service";

/**
 * Results of a quiz: `quiz/{id}/result_list/`, `result/…`, `result/copy/` (operations `listResults`
 * … `copyResult`).
 */
export async function resultsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createResultsService(context);
  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    defineRoute(routes, endpoints.listResults, async (request) =>
      service.list(request.userId, request.params.id),
    );

    defineRoute(routes, endpoints.getResult, async (request) =>
      service.get(request.userId, request.params.id),
    );

    defineRoute(routes, endpoints.createResult, async (request, reply) =>
      reply.status(201).send(await service.create(request.userId, request.body)),
    );

    defineRoute(routes, endpoints.copyResult, async (request, reply) =>
      reply.status(201).send(await service.copy(request.userId, request.body.id)),
    );

    defineRoute(routes, endpoints.updateResult, async (request) =>
      service.update(request.userId, request.params.id, request.body),
    );

    defineRoute(routes, endpoints.deleteResult, async (request, reply) => {
      await service.remove(request.userId, request.params.id);
      return reply.status(204).send();
    });
  });
}
