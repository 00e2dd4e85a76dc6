import { z } from "zod";
import { errorBodySchema, validationErrorBodySchema } from "../errors";
import {
  telegramConnectSchema,
  telegramIntegrationCreateSchema,
  telegramIntegrationSchema,
  telegramIntegrationUpdateSchema,
} from "../integrations";
import { idParamsSchema } from "../quiz-common";
import { endpoint } from "./endpoint";

const tags = ["lead delivery"];

const answers = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** The operations of apps/server's telegram.routes.ts (docs/api.md). */
export const telegramEndpoints = {
  telegramWebhook: endpoint({
    method: "POST",
    path: "/telegram/webhook/",
    operationId: "telegramWebhook",
    tags,
    summary: "Telegram's updates for the bot (webhook mode)",
    description:
      "Used when PUBLIC_URL is https: the server sets this address with a secret token, " +
      "and an update without `X-Telegram-Bot-Api-Secret-Token` equal to it answers 401. " +
      "`/start <code>` binds the chat to the quiz of the code.",
    body: z.unknown().meta({ description: "A Telegram Update" }),
    responses: {
      200: z.object({ ok: z.boolean() }),
      401: errorBodySchema,
      404: errorBodySchema,
    },
  }),
  getTelegramIntegration: endpoint({
    method: "GET",
    path: "/telegram-integration/{id}/",
    operationId: "getTelegramIntegration",
    tags,
    summary: "Reads a quiz's Telegram connection, or gives the bot's start link",
    description:
      "Not connected: 404 with `connect_url` (`https://t.me/<bot>?start=<code>`, a " +
      "one-time code for this account and quiz, valid for an hour). Pressing Start in " +
      "the bot binds the chat; `POST telegram-integration/` then connects it. 404 " +
      "`telegram_not_configured` when the server has no bot.",
    params: idParamsSchema,
    responses: { 200: telegramIntegrationSchema, ...answers, 404: telegramConnectSchema },
  }),
  createTelegramIntegration: endpoint({
    method: "POST",
    path: "/telegram-integration/",
    operationId: "createTelegramIntegration",
    tags,
    summary: "Connects the Telegram chat bound by the quiz's start link",
    description:
      "400 `telegram_not_authorised` until the owner has pressed Start in the bot " +
      "with a link of this quiz (within 24 hours). Each binding connects once.",
    body: telegramIntegrationCreateSchema,
    responses: {
      201: telegramIntegrationSchema,
      ...answers,
      400: z.union([errorBodySchema, validationErrorBodySchema]),
    },
  }),
  updateTelegramIntegration: endpoint({
    method: "PATCH",
    path: "/telegram-integration/{id}/",
    operationId: "updateTelegramIntegration",
    tags,
    summary: "Switches a quiz's Telegram connection on or off",
    params: idParamsSchema,
    body: telegramIntegrationUpdateSchema,
    responses: { 200: telegramIntegrationSchema, ...answers },
  }),
  deleteTelegramIntegration: endpoint({
    method: "DELETE",
    path: "/telegram-integration/{id}/",
    operationId: "deleteTelegramIntegration",
    tags,
    summary: "Disconnects a quiz's Telegram chat",
    params: idParamsSchema,
    responses: { 204: z.void(), ...answers },
  }),
} as const;
