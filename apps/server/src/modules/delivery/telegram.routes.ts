import {
  apiPaths,
  errorBodySchema,
  idParamsSchema,
  telegramConnectSchema,
  telegramIntegrationCreateSchema,
  telegramIntegrationSchema,
  telegramIntegrationUpdateSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import type { OutgoingHttp } from "../../integrations/http/outgoing-http";
import type { TelegramUpdate } from "../../integrations/telegram/telegram-api";
import { AppError } from "../../lib/app-error";
import { authenticatedContext } from "../../plugins/authenticate";
import type { createIntegrationsService } from "./integrations.service";
import { createTelegramService } from "./telegram.service";
import { telegramBotOf } from "./telegram-bot";

const tags = ["lead delivery"];
const answers = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/**
 * `telegram-integration/` (operations `getTelegramIntegration`, …) and the bot's webhook
 * `telegram/webhook/`. The bot's polling (or its setWebhook) is a background job
 * (jobs/background-work.ts).
 */
export async function telegramRoutes(
  app: FastifyInstance,
  context: AppContext,
  http: OutgoingHttp,
  integrations: Pick<ReturnType<typeof createIntegrationsService>, "recordOf">,
) {
  const bot = telegramBotOf(context, http);
  const service = createTelegramService({ db: context.db, bot, integrations });

  app.withTypeProvider<ZodTypeProvider>().post(
    apiPaths.telegramWebhook,
    {
      schema: {
        tags,
        summary: "Telegram's updates for the bot (webhook mode)",
        description:
          "Used when PUBLIC_URL is https: the server sets this address with a secret token, " +
          "and an update without `X-Telegram-Bot-Api-Secret-Token` equal to it answers 401. " +
          "`/start <code>` binds the chat to the quiz of the code.",
        body: z.unknown().meta({ description: "A Telegram Update" }),
        response: {
          200: z.object({ ok: z.boolean() }),
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      if (!bot) throw new AppError("not_found");
      if (!bot.checkSecretToken(request.headers["x-telegram-bot-api-secret-token"])) {
        throw new AppError("token_not_valid");
      }
      const update = request.body as TelegramUpdate | null;
      if (update && typeof update === "object" && typeof update.update_id === "number") {
        await bot.handleUpdate(update);
      }
      return { ok: true };
    },
  );

  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.get(
      apiPaths.telegramIntegrationOfQuiz(":id"),
      {
        schema: {
          tags,
          summary: "Reads a quiz's Telegram connection, or gives the bot's start link",
          description:
            "Not connected: 404 with `connect_url` (`https://t.me/<bot>?start=<code>`, a " +
            "one-time code for this account and quiz, valid for an hour). Pressing Start in " +
            "the bot binds the chat; `POST telegram-integration/` then connects it. 404 " +
            "`telegram_not_configured` when the server has no bot.",
          params: idParamsSchema,
          response: { 200: telegramIntegrationSchema, ...answers, 404: telegramConnectSchema },
        },
      },
      async (request) => service.get(request.userId, request.params.id),
    );
    routes.post(
      apiPaths.telegramIntegration,
      {
        schema: {
          tags,
          summary: "Connects the Telegram chat bound by the quiz's start link",
          description:
            "400 `telegram_not_authorised` until the owner has pressed Start in the bot " +
            "with a link of this quiz (within 24 hours). Each binding connects once.",
          body: telegramIntegrationCreateSchema,
          response: {
            201: telegramIntegrationSchema,
            ...answers,
            400: z.union([errorBodySchema, validationErrorBodySchema]),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(request.userId, request.body)),
    );
    routes.patch(
      apiPaths.telegramIntegrationOfQuiz(":id"),
      {
        schema: {
          tags,
          summary: "Switches a quiz's Telegram connection on or off",
          params: idParamsSchema,
          body: telegramIntegrationUpdateSchema,
          response: { 200: telegramIntegrationSchema, ...answers },
        },
      },
      async (request) => service.update(request.userId, request.params.id, request.body),
    );
    routes.delete(
      apiPaths.telegramIntegrationOfQuiz(":id"),
      {
        schema: {
          tags,
          summary: "Disconnects a quiz's Telegram chat",
          params: idParamsSchema,
          response: { 204: z.void(), ...answers },
        },
      },
      async (request, reply) => {
        await service.remove(request.userId, request.params.id);
        return reply.status(204).send();
      },
    );
  });
}
