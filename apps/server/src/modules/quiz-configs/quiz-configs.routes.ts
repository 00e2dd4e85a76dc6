import {
  apiPaths,
  errorBodySchema,
  idParamsSchema,
  quizConfigCreateSchema,
  quizConfigSchema,
  quizConfigUpdateSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { withEmbedSnippets } from "./embed-snippets";
import { createQuizConfigsService } from "./quiz-configs.service";

const tags = ["quiz config"];
const answers = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const sectionsText =
  "Sections are merged key by key (null clears a key) and each merged section is checked " +
  "again. `landing.subdomain`: the subdomain rule (400 per field), unique across the " +
  'service whatever the case (400 "This subdomain is taken"), never a reserved one (400 ' +
  "\"This subdomain is reserved; choose another\": the operator's and the product's own " +
  "host names), null releases it. " +
  "`trigger.video_url` accepts YouTube addresses only.";

/** `config/quiz/…`: a quiz's publication settings (operations `getQuizConfig`, `createQuizConfig`,
 * `updateQuizConfig`; docs/api.md "Quiz content"). */
export async function quizConfigsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createQuizConfigsService(context);
  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      apiPaths.quizConfigByQuiz(":id"),
      {
        schema: {
          tags,
          summary: "Reads a quiz's publication settings",
          description:
            "`id` is the QUIZ id. A quiz has no config until one is created: this answers " +
            "404 `not_found` then (as for a quiz that is not the caller's), and the client " +
            "creates it with `POST config/quiz/ {quiz}` (every section takes its defaults; " +
            "the editor does this when its publication setup first opens). Includes `embed`: the " +
            "snippet of each display mode (docs/embed.md), the hosted page link and the " +
            "landing URL.",
          params: idParamsSchema,
          response: { 200: quizConfigSchema, ...answers },
        },
      },
      async (request) =>
        withEmbedSnippets(context, await service.getByQuiz(request.userId, request.params.id)),
    );

    routes.post(
      apiPaths.quizConfigs,
      {
        schema: {
          tags,
          summary: "Creates a quiz's publication settings",
          description: `One per quiz: a second is a 400 on \`quiz\`. ${sectionsText}`,
          body: quizConfigCreateSchema,
          response: { 201: quizConfigSchema, ...answers },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(request.userId, request.body)),
    );

    routes.patch(
      apiPaths.quizConfigById(":id"),
      {
        schema: {
          tags,
          summary: "Changes a quiz's publication settings",
          description: `\`id\` is the CONFIG id. ${sectionsText}`,
          params: idParamsSchema,
          body: quizConfigUpdateSchema,
          response: { 200: quizConfigSchema, ...answers },
        },
      },
      async (request) => service.update(request.userId, request.params.id, request.body),
    );
  });
}
