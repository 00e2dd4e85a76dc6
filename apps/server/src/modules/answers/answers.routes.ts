import {
  answerCreateSchema,
  answerListSchema,
  answerSchema,
  answerUpdateSchema,
  apiPaths,
  errorBodySchema,
  idParamsSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { createQuestionEditingWorkflow } from "../../workflows/question-editing";
import { createAnswersService } from "./answers.service";

const tags = ["answers"];
const errors = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/**
 * Answers of choice questions (operations `listAnswers`, `createAnswer`, …):
 * `question/{id}/answer_list/`, `answer/…`.
 */
export async function answersRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createAnswersService(context);
  const editing = createQuestionEditingWorkflow(context);
  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      apiPaths.questionAnswerList(":id"),
      {
        schema: {
          tags,
          summary: "Lists a question's answers",
          description: "Ordered by sort, then id.",
          params: idParamsSchema,
          response: { 200: answerListSchema, ...errors },
        },
      },
      async (request) => service.list(request.userId, request.params.id),
    );

    routes.post(
      apiPaths.answers,
      {
        schema: {
          tags,
          summary: "Adds an answer to a question",
          description:
            'A missing text becomes "Answer {n}". Only List, Cards and Select questions have ' +
            "answers (400 `question` otherwise), at most 10 each. Placed last unless `sort` " +
            "names a position (1-based).",
          body: answerCreateSchema,
          response: { 201: answerSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(request.userId, request.body)),
    );

    routes.patch(
      apiPaths.answerById(":id"),
      {
        schema: {
          tags,
          summary: "Changes an answer",
          description:
            "`sort` moves it among the question's answers; `image: null` removes the image.",
          params: idParamsSchema,
          body: answerUpdateSchema,
          response: { 200: answerSchema, ...errors },
        },
      },
      async (request) => service.update(request.userId, request.params.id, request.body),
    );

    routes.delete(
      apiPaths.answerById(":id"),
      {
        schema: {
          tags,
          summary: "Deletes an answer",
          description:
            "Its id leaves every question and result condition that lists it; a condition " +
            "left without answers is deleted. The other answers are renumbered.",
          params: idParamsSchema,
          response: { 204: z.void().describe("No Content"), ...errors },
        },
      },
      async (request, reply) => {
        await editing.removeAnswer(request.userId, request.params.id);
        return reply.status(204).send();
      },
    );
  });
}
