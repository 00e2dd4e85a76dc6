import { questionsEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { createQuestionEditingWorkflow } from "../../workflows/question-editing";
import { createQuestionsService } from "./questions.service";

/**
 * Questions of a quiz (operations `listQuestions` … `copyQuestion`):
 * `quiz/{quizId}/question_list/`, `question/…`,
 * `question/copy/`. Rules live in the service.
 */
export async function questionsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createQuestionsService(context);
  const editing = createQuestionEditingWorkflow(context);
  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    defineRoute(routes, endpoints.listQuestions, async (request) =>
      service.list(request.userId, request.params.id),
    );

    defineRoute(routes, endpoints.getQuestion, async (request) =>
      service.get(request.userId, request.params.id),
    );

    defineRoute(routes, endpoints.createQuestion, async (request, reply) =>
      reply.status(201).send(await editing.create(request.userId, request.body)),
    );

    defineRoute(routes, endpoints.copyQuestion, async (request, reply) =>
      reply.status(201).send(await editing.copy(request.userId, request.body.id)),
    );

    defineRoute(routes, endpoints.updateQuestion, async (request) =>
      editing.update(request.userId, request.params.id, request.body),
    );

    defineRoute(routes, endpoints.deleteQuestion, async (request, reply) => {
      await editing.remove(request.userId, request.params.id);
      return reply.status(204).send();
    });
  });
}
