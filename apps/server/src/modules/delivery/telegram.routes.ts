import { telegramEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import type { OutgoingHttp } from "../../integrations/http/outgoing-http";
import type { TelegramUpdate } from "../../integrations/telegram/telegram-api";
import { AppError } from "../../lib/app-error";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import type { createIntegrationsService } from "./integrations.service";
import { createTelegramService } from "./telegram.service";
import { telegramBotOf } from "./telegram-bot";

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

  defineRoute(app, endpoints.telegramWebhook, async (request) => {
    if (!bot) throw new AppError("not_found");
    if (!bot.checkSecretToken(request.headers["x-telegram-bot-api-secret-token"])) {
      throw new AppError("token_not_valid");
    }
    const update = request.body as TelegramUpdate | null;
    if (update && typeof update === "object" && typeof update.update_id === "number") {
      await bot.handleUpdate(update);
    }
    return { ok: true };
  });

  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    defineRoute(routes, endpoints.getTelegramIntegration, async (request) =>
      service.get(request.userId, request.params.id),
    );
    defineRoute(routes, endpoints.createTelegramIntegration, async (request, reply) =>
      reply.status(201).send(await service.create(request.userId, request.body)),
    );
    defineRoute(routes, endpoints.updateTelegramIntegration, async (request) =>
      service.update(request.userId, request.params.id, request.body),
    );
    defineRoute(routes, endpoints.deleteTelegramIntegration, async (request, reply) => {
      await service.remove(request.userId, request.params.id);
      return reply.status(204).send();
    });
  });
}
