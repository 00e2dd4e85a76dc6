import { projectEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { createQuizCopyWorkflow } from "../../workflows/quiz-copy";
import { createProjectsService } from "./projects.service";

/**
 * The owner's projects, operations `listProjects` … `copyProject` of the contract's endpoint
 * table (docs/api.md "Quiz content"). Every call is scoped to the caller's account.
 */
export async function projectsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createProjectsService(context);
  const copies = createQuizCopyWorkflow(context);

  await authenticatedContext(app, context, async (scope) => {
    defineRoute(scope, endpoints.listProjects, async (request) => service.list(request.userId));
    defineRoute(scope, endpoints.getProject, async (request) =>
      service.get(request.userId, request.params.id),
    );
    defineRoute(scope, endpoints.createProject, async (request, reply) =>
      reply.status(201).send(await service.create(request.userId, request.body)),
    );
    defineRoute(scope, endpoints.copyProject, async (request, reply) =>
      reply.status(201).send(await copies.copyProject(request.userId, request.body.id)),
    );
    defineRoute(scope, endpoints.updateProject, async (request) =>
      service.update(request.userId, request.params.id, request.body),
    );
    defineRoute(scope, endpoints.deleteProject, async (request, reply) => {
      await service.remove(request.userId, request.params.id);
      return reply.status(204).send();
    });
  });
}
