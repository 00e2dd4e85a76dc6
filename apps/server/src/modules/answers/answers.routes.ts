import { answersEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { createQuestionEditingWorkflow } from "../../workflows/question-editing";
import { createAnswersService } from "./answers.service";

/**
 * Answers of choice questions (operations `listAnswers`, `createAnswer`, …):
 * `question/{id}/answer_list/`, `answer/…`.
 */
export async function answersRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createAnswersService(context);
  const editing = createQuestionEditingWorkflow(context);
  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    defineRoute(routes, endpoints.listAnswers, async (request) =>
      service.list(request.userId, request.params.id),
    );

    defineRoute(routes, endpoints.createAnswer, async (request, reply) =>
      reply.status(201).send(await service.create(request.userId, request.body)),
    );

    defineRoute(routes, endpoints.updateAnswer, async (request) =>
      service.update(request.userId, request.params.id, request.body),
    );

    defineRoute(routes, endpoints.deleteAnswer, async (request, reply) => {
      await editing.removeAnswer(request.userId, request.params.id);
      return reply.status(204).send();
    });
  });
}
