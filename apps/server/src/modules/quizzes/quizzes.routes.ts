import { quizEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { createQuizCopyWorkflow } from "../../workflows/quiz-copy";
import { createQuizzesService } from "./quizzes.service";

/**
 * The owner's quizzes, operations `listQuizzes` … `copyQuiz` of the contract's endpoint table
 * (docs/api.md "Quiz content"). Every call is scoped to the caller's account.
 */
export async function quizzesRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createQuizzesService(context);
  const copies = createQuizCopyWorkflow(context);

  await authenticatedContext(app, context, async (scope) => {
    defineRoute(scope, endpoints.listQuizzes, async (request) =>
      service.list(request.userId, request.query.project),
    );
    defineRoute(scope, endpoints.getQuiz, async (request) =>
      service.get(request.userId, request.params.id),
    );
    defineRoute(scope, endpoints.createQuiz, async (request, reply) =>
      reply.status(201).send(await service.create(request.userId, request.body)),
    );
    defineRoute(scope, endpoints.copyQuiz, async (request, reply) =>
      reply.status(201).send(await copies.copyQuiz(request.userId, request.body.id)),
    );
    defineRoute(scope, endpoints.updateQuiz, async (request) =>
      service.update(request.userId, request.params.id, request.body),
    );
    defineRoute(scope, endpoints.deleteQuiz, async (request, reply) => {
      await service.remove(request.userId, request.params.id);
      return reply.status(204).send();
    });
  });
}
