import {
  apiPaths,
  copyRequestSchema,
  errorBodySchema,
  idParamsSchema,
  questionCreateSchema,
  questionListSchema,
  questionSchema,
  questionUpdateSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { createQuestionEditingWorkflow } from "../../workflows/question-editing";
import { createQuestionsService } from "./questions.service";

const tags = ["questions"];
const errors = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

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

    routes.get(
      apiPaths.quizQuestionList(":id"),
      {
        schema: {
          tags,
          summary: "Lists a quiz's questions",
          description: "Ordered by sort, then id.",
          params: idParamsSchema,
          response: { 200: questionListSchema, ...errors },
        },
      },
      async (request) => service.list(request.userId, request.params.id),
    );

    routes.get(
      apiPaths.questionById(":id"),
      {
        schema: {
          tags,
          summary: "Reads a question",
          description: "`config` holds the keys set so far; missing keys take their defaults.",
          params: idParamsSchema,
          response: { 200: questionSchema, ...errors },
        },
      },
      async (request) => service.get(request.userId, request.params.id),
    );

    routes.post(
      apiPaths.questions,
      {
        schema: {
          tags,
          summary: "Creates a question",
          description:
            'A missing title becomes "New question {n}" (n: the number of questions with this ' +
            "one). A List, Cards or Select question comes with two answers, " +
            '"Answer 1" and "Answer 2". Placed last unless `sort` names a position (1-based; ' +
            "the others move down). Sorts stay 1, 2, 3, … after every change.",
          body: questionCreateSchema,
          response: { 201: questionSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await editing.create(request.userId, request.body)),
    );

    routes.post(
      apiPaths.questionCopy,
      {
        schema: {
          tags,
          summary: "Copies a question",
          description:
            "Copies the question with its answers and its conditions, placed right after " +
            "the original (the following questions move down).",
          body: copyRequestSchema,
          response: { 201: questionSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await editing.copy(request.userId, request.body.id)),
    );

    routes.patch(
      apiPaths.questionById(":id"),
      {
        schema: {
          tags,
          summary: "Changes a question",
          description:
            "`config` is a JSON merge patch (null removes a key), the merged config is " +
            "checked whole (400 `config.step`, `config.max`, …). Changing `type` deletes the " +
            "answers (a List, Cards or Select question gets two new default answers) and " +
            "the conditions on its answers or of a kind the new type does not support, and " +
            "re-checks the formulas. `sort` moves the question (1-based) and renumbers the " +
            "others; question conditions that then refer to a later question are deleted. " +
            "Turning `config.multi_answers` off turns AND into OR in every question and " +
            "result condition on this question. All in one transaction.",
          params: idParamsSchema,
          body: questionUpdateSchema,
          response: { 200: questionSchema, ...errors },
        },
      },
      async (request) => editing.update(request.userId, request.params.id, request.body),
    );

    routes.delete(
      apiPaths.questionById(":id"),
      {
        schema: {
          tags,
          summary: "Deletes a question",
          description:
            "Its answers and the conditions on it or referencing it go with it; its elements " +
            "leave every formula of the quiz (with an adjacent operation) and the formulas " +
            "are checked again; the other questions are renumbered. One transaction.",
          params: idParamsSchema,
          response: { 204: z.void().describe("No Content"), ...errors },
        },
      },
      async (request, reply) => {
        await editing.remove(request.userId, request.params.id);
        return reply.status(204).send();
      },
    );
  });
}
