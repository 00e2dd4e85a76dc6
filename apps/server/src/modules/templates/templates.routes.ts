import {
  apiPaths,
  copyTemplateSchema,
  errorBodySchema,
  madeTemplateSchema,
  operatorMakeTemplateSchema,
  quizSchema,
  templateListQuerySchema,
  templateOptionListSchema,
  templatePageSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { authenticatedContext } from "../../plugins/authenticate";
import { createTemplateCopyWorkflow } from "../../workflows/template-catalogue";
import { isOperatorKey, OPERATOR_KEY_HEADER, readOrCreateOperatorKey } from "../tariffs";
import { createTemplatesService } from "./templates.service";

const tags = ["templates"];

/**
 * The template catalogue (docs/templates.md): GET quiztemplatetype/, quiztemplatetheme/,
 * quiz-templates/, POST copy-template/ (signed-in owners), and POST operator/templates/
 * (operator key only; `npm run operator -- make-template`).
 */
export async function templatesRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createTemplatesService(context);
  const workflow = createTemplateCopyWorkflow(context);
  const operatorKey = readOrCreateOperatorKey(context.config.dataDir);

  app.withTypeProvider<ZodTypeProvider>().post(
    apiPaths.operatorTemplates,
    {
      onRequest: async (request) => {
        if (!isOperatorKey(operatorKey, request.headers[OPERATOR_KEY_HEADER])) {
          throw new AppError("permission_denied");
        }
      },
      schema: {
        tags,
        summary: "Turns a quiz into a template (operator only)",
        description:
          "Copies the quiz (any account's) to the system account, publishes the copy and " +
          "lists it in the catalogue under `slug` (default `quiz-{id}`) in the quiz's " +
          "language; a template of the same slug and language is replaced. Needs the key of " +
          "DATA_DIR/operator-key in `X-Operator-Key`; 403 without it.",
        body: operatorMakeTemplateSchema,
        response: {
          201: madeTemplateSchema,
          400: validationErrorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { quiz, ...input } = request.body;
      return reply.status(201).send(await workflow.makeTemplate(quiz, input));
    },
  );

  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      apiPaths.quizTemplateTypes,
      {
        schema: {
          tags,
          summary: "Lists the template types",
          description: "Every type code with its title in the account's language.",
          response: { 200: templateOptionListSchema, 401: errorBodySchema },
        },
      },
      async (request) => service.types(request.userId),
    );

    routes.get(
      apiPaths.quizTemplateThemes,
      {
        schema: {
          tags,
          summary: "Lists the template themes",
          description: "Every theme code with its title in the account's language.",
          response: { 200: templateOptionListSchema, 401: errorBodySchema },
        },
      },
      async (request) => service.themes(request.userId),
    );

    routes.get(
      apiPaths.quizTemplates,
      {
        schema: {
          tags,
          summary: "Lists the templates",
          description:
            "Live templates in the catalogue's order, 24 per page; `next` is the cursor of " +
            "the following page. Filters: `type`, `theme`, `language` (a quiz language " +
            "code), `search` (in the title and description, case-insensitive). `id` is the " +
            "template's quiz; `preview_url` its published page; `public_key` reads its " +
            "snapshot (`GET public/quiz/{key}/`), which the owner app plays in the " +
            "runtime's preview page, where nothing is sent.",
          querystring: templateListQuerySchema,
          response: {
            200: templatePageSchema,
            400: validationErrorBodySchema,
            401: errorBodySchema,
          },
        },
      },
      async (request) => service.list(request.query),
    );

    routes.post(
      apiPaths.copyTemplate,
      {
        schema: {
          tags,
          summary: "Copies a template into a project",
          description:
            "A deep copy of the template's quiz (questions, answers, logic, results, form, " +
            "additions, design) into `project`, a live project of the caller, unpublished and " +
            "titled as the template. 404 when the project is not the caller's or `template` " +
            "is not a template of the catalogue.",
          body: copyTemplateSchema,
          response: {
            201: quizSchema,
            400: validationErrorBodySchema,
            401: errorBodySchema,
            404: errorBodySchema,
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await workflow.copy(request.userId, request.body)),
    );
  });
}
