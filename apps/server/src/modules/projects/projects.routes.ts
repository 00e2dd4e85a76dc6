import {
  apiPaths,
  copyRequestSchema,
  errorBodySchema,
  idParamsSchema,
  projectCreateSchema,
  projectListSchema,
  projectSchema,
  projectUpdateSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { createQuizCopyWorkflow } from "../../workflows/quiz-copy";
import { createProjectsService } from "./projects.service";

const tags = ["projects"];
const errors = { 401: errorBodySchema, 404: errorBodySchema };

/**
 * GET/POST project/, GET/PATCH/DELETE project/{id}/, POST project/copy/ (operations
 * `listProjects` … `copyProject`; docs/api.md "Quiz content"). Every call is scoped to the caller's
 * account.
 */
export async function projectsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createProjectsService(context);
  const copies = createQuizCopyWorkflow(context);

  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      apiPaths.projects,
      {
        schema: {
          tags,
          summary: "The account's projects with their quizzes",
          description:
            "Live projects, oldest first, each with its live quizzes (QuizSummary, oldest " +
            "first): `leads_count` counts the stored leads, `public_url` is the visitors' address.",
          response: { 200: projectListSchema, ...errors },
        },
      },
      async (request) => service.list(request.userId),
    );

    routes.get(
      apiPaths.projectById(":id"),
      {
        schema: {
          tags,
          summary: "A project with its quizzes",
          params: idParamsSchema,
          response: { 200: projectSchema, 400: validationErrorBodySchema, ...errors },
        },
      },
      async (request) => service.get(request.userId, request.params.id),
    );

    routes.post(
      apiPaths.projects,
      {
        schema: {
          tags,
          summary: "Creates a project",
          description: 'A missing title becomes "New project" in the owner\'s language.',
          body: projectCreateSchema,
          response: { 201: projectSchema, 400: validationErrorBodySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(request.userId, request.body)),
    );

    routes.post(
      apiPaths.projectCopy,
      {
        schema: {
          tags,
          summary: "Copies a project with all its quizzes",
          description:
            'The copy is titled "… (copy)" and holds a deep copy of every live quiz (see ' +
            "POST quiz/copy/), all or nothing.",
          body: copyRequestSchema,
          response: { 201: projectSchema, 400: validationErrorBodySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await copies.copyProject(request.userId, request.body.id)),
    );

    routes.patch(
      apiPaths.projectById(":id"),
      {
        schema: {
          tags,
          summary: "Changes a project's title and sites",
          description: "`sites` replaces the whole list.",
          params: idParamsSchema,
          body: projectUpdateSchema,
          response: { 200: projectSchema, 400: validationErrorBodySchema, ...errors },
        },
      },
      async (request) => service.update(request.userId, request.params.id, request.body),
    );

    routes.delete(
      apiPaths.projectById(":id"),
      {
        schema: {
          tags,
          summary: "Deletes (hides) a project",
          description:
            "The project and its quizzes disappear from every list and read; their leads stay.",
          params: idParamsSchema,
          response: {
            204: z.void().describe("No Content"),
            400: validationErrorBodySchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        await service.remove(request.userId, request.params.id);
        return reply.status(204).send();
      },
    );
  });
}
