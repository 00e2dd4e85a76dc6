import { templatesEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { createTemplateCopyWorkflow } from "../../workflows/template-catalogue";
import { isOperatorKey, OPERATOR_KEY_HEADER, readOrCreateOperatorKey } from "../tariffs";
import { createTemplatesService } from "./templates.service";

/**
 * The template catalogue (docs/templates.md): GET quiztemplatetype/, quiztemplatetheme/,
 * quiz-templates/, POST copy-template/ (signed-in owners), and POST operator/templates/
 * (operator key only; `npm run operator -- make-template`).
 */
export async function templatesRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createTemplatesService(context);
  const workflow = createTemplateCopyWorkflow(context);
  const operatorKey = readOrCreateOperatorKey(context.config.dataDir);

  defineRoute(
    app,
    endpoints.operatorMakeTemplate,
    async (request, reply) => {
      const { quiz, ...input } = request.body;
      return reply.status(201).send(await workflow.makeTemplate(quiz, input));
    },
    {
      onRequest: async (request) => {
        if (!isOperatorKey(operatorKey, request.headers[OPERATOR_KEY_HEADER])) {
          throw new AppError("permission_denied");
        }
      },
    },
  );

  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    defineRoute(routes, endpoints.listTemplateTypes, async (request) =>
      service.types(request.userId),
    );

    defineRoute(routes, endpoints.listTemplateThemes, async (request) =>
      service.themes(request.userId),
    );

    defineRoute(routes, endpoints.listTemplates, async (request) => service.list(request.query));

    defineRoute(routes, endpoints.copyTemplate, async (request, reply) =>
      reply.status(201).send(await workflow.copy(request.userId, request.body)),
    );
  });
}
