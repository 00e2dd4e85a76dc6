import { quizConfigsEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { withEmbedSnippets } from "./embed-snippets";
import { createQuizConfigsService } from "./quiz-configs.service";

/** `config/quiz/…`: a quiz's publication settings (operations `getQuizConfig`, `createQuizConfig`,
 * `updateQuizConfig`; docs/api.md "Quiz content"). */
export async function quizConfigsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createQuizConfigsService(context);
  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    defineRoute(routes, endpoints.getQuizConfig, async (request) =>
      withEmbedSnippets(context, await service.getByQuiz(request.userId, request.params.id)),
    );

    defineRoute(routes, endpoints.createQuizConfig, async (request, reply) =>
      reply.status(201).send(await service.create(request.userId, request.body)),
    );

    defineRoute(routes, endpoints.updateQuizConfig, async (request) =>
      service.update(request.userId, request.params.id, request.body),
    );
  });
}
