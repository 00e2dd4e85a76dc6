import { formFieldsEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { createFormFieldsService } from "./form-fields.service";

/**
 * `quiz/{id}/formfield_list/`, `formfield/…` (operations `listFormFields`, `createFormField`, …).
 */
export async function formFieldsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createFormFieldsService(context);
  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    defineRoute(routes, endpoints.listFormFields, async (request) =>
      service.list(request.userId, request.params.id),
    );

    defineRoute(routes, endpoints.getFormField, async (request) =>
      service.get(request.userId, request.params.id),
    );

    defineRoute(routes, endpoints.createFormField, async (request, reply) =>
      reply.status(201).send(await service.create(request.userId, request.body)),
    );

    defineRoute(routes, endpoints.updateFormField, async (request) =>
      service.update(request.userId, request.params.id, request.body),
    );

    defineRoute(routes, endpoints.deleteFormField, async (request, reply) => {
      await service.remove(request.userId, request.params.id);
      return reply.status(204).send();
    });
  });
}
