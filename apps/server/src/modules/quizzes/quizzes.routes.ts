import {
  apiPaths,
  copyRequestSchema,
  errorBodySchema,
  idParamsSchema,
  quizCreateSchema,
  quizListQuerySchema,
  quizListSchema,
  quizSchema,
  quizUpdateSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { createQuizCopyWorkflow } from "../../workflows/quiz-copy";
import { createQuizzesService } from "./quizzes.service";

const tags = ["quizzes"];
const errors = { 401: errorBodySchema, 404: errorBodySchema };

/**
 * GET/POST quiz/, GET/PATCH/DELETE quiz/{id}/, POST quiz/copy/ (operations `listQuizzes` …
 * `copyQuiz`; docs/api.md "Quiz content"). Every call is scoped to the caller's account.
 */
export async function quizzesRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createQuizzesService(context);
  const copies = createQuizCopyWorkflow(context);

  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      apiPaths.quizzes,
      {
        schema: {
          tags,
          summary: "The account's quizzes",
          description:
            "Live quizzes of live projects, oldest first; `?project=` only that project's " +
            "(404 when it is not one of the caller's live projects).",
          querystring: quizListQuerySchema,
          response: { 200: quizListSchema, 400: validationErrorBodySchema, ...errors },
        },
      },
      async (request) => service.list(request.userId, request.query.project),
    );

    routes.get(
      apiPaths.quizById(":id"),
      {
        schema: {
          tags,
          summary: "A quiz",
          params: idParamsSchema,
          response: { 200: quizSchema, 400: validationErrorBodySchema, ...errors },
        },
      },
      async (request) => service.get(request.userId, request.params.id),
    );

    routes.post(
      apiPaths.quizzes,
      {
        schema: {
          tags,
          summary: "Creates a quiz in one of the caller's projects",
          description:
            'Missing fields take the defaults: title "New quiz" and language from the ' +
            "owner's interface language, start page enabled, the default design, results " +
            "after the contact form, and the name, phone and e-mail form fields. Another " +
            "account's project answers 404.",
          body: quizCreateSchema,
          response: { 201: quizSchema, 400: validationErrorBodySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(request.userId, request.body)),
    );

    routes.post(
      apiPaths.quizCopy,
      {
        schema: {
          tags,
          summary: "Copies a quiz with all its content into the same project",
          description:
            'The copy is titled "… (copy)": questions, answers, conditions, results, ' +
            "formulas, form fields, additions, design and config, every internal reference " +
            "pointing to the copies. It is an unpublished draft with a new public key and no " +
            "landing subdomain; stored files are shared with the original. All or nothing.",
          body: copyRequestSchema,
          response: { 201: quizSchema, 400: validationErrorBodySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await copies.copyQuiz(request.userId, request.body.id)),
    );

    routes.patch(
      apiPaths.quizById(":id"),
      {
        schema: {
          tags,
          summary: "Changes a quiz",
          description:
            "Nested objects are JSON merge patches (null clears a key); the merged object is " +
            "checked whole. `results_settings.general_formula` is checked by the engine and " +
            "saved with its verdict (`general_formula_valid`, `general_formula_errors`). " +
            "`project` moves the quiz to another project of the caller (404 otherwise).",
          params: idParamsSchema,
          body: quizUpdateSchema,
          response: { 200: quizSchema, 400: validationErrorBodySchema, ...errors },
        },
      },
      async (request) => service.update(request.userId, request.params.id, request.body),
    );

    routes.delete(
      apiPaths.quizById(":id"),
      {
        schema: {
          tags,
          summary: "Deletes (hides) a quiz",
          description: "The quiz disappears from lists and reads; its leads stay.",
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
