import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { type InterfaceLanguageCode, interfaceLanguages, translate } from "@leadquiz/i18n";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { AppContext } from "../../app-context";
import type { Database } from "../../db/client";
import type { OutgoingHttp } from "../../integrations/http/outgoing-http";
import {
  botUsername,
  callBot,
  parseBotAnswer,
  type TelegramBotConfig,
  type TelegramUpdate,
} from "../../integrations/telegram/telegram-api";
import {
  bindStartCode,
  claimPollerLease,
  deleteStaleStartCodes,
  insertStartCode,
  releasePollerLease,
  saveUpdateOffset,
} from "./telegram.repository";

/** How long a start link can be used (pressing Start in Telegram). */
export const START_CODE_TTL_MS = 60 * 60 * 1000;
/** How long a chat bound by Start waits for "connect" in the integration tab. */
export const BINDING_TTL_MS = 24 * 60 * 60 * 1000;
/** The path Telegram posts updates to in webhook mode (under /api/v1). */
export const TELEGRAM_WEBHOOK_PATH = "/telegram/webhook/";
export const SECRET_TOKEN_HEADER = "x-telegram-bot-api-secret-token";

const START = /^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/;

export const hashStartCode = (code: string) => createHash("sha256").update(code).digest("hex");

const languageOf = (language: string | undefined): InterfaceLanguageCode =>
  (interfaceLanguages as readonly string[]).includes(language ?? "")
    ? (language as InterfaceLanguageCode)
    : "en";

export interface TelegramBotDeps {
  db: Database;
  http: OutgoingHttp;
  bot: TelegramBotConfig;
  log: Logger;
  /** PUBLIC_URL: https → Telegram posts updates (webhook); otherwise the bot polls. */
  publicUrl: string;
  /** Derives the webhook's secret token (ENCRYPTION_KEY). */
  encryptionKey: string;
  now?: () => Date;
  /** getUpdates' long-poll seconds (shorter in tests). */
  pollSeconds?: number;
  /** The pause after a failed poll or while another process polls. */
  idleMs?: number;
}

/** What the bot's helpers call Telegram and the database with. */
interface BotCalls {
  db: Database;
  http: OutgoingHttp;
  bot: TelegramBotConfig;
  log: Logger;
  now: () => Date;
}

async function reply(calls: BotCalls, chatId: number, text: string) {
  const response = await callBot(calls.http, calls.bot, "sendMessage", { chat_id: chatId, text });
  if (!parseBotAnswer(response)?.ok) {
    calls.log.warn({ status: response.status }, "bot reply refused");
  }
}

/** One update: `/start <code>` binds the chat and the bot confirms in the owner's language. */
async function handleStartUpdate(calls: BotCalls, update: TelegramUpdate): Promise<void> {
  const message = update.message;
  const match = message?.text ? START.exec(message.text.trim()) : null;
  if (!message || !match) return;
  const code = match[1];
  const chat = message.chat;
  const bound = code
    ? await bindStartCode(
        calls.db,
        hashStartCode(code),
        {
          id: String(chat.id),
          title: chat.title ?? (chat.username ? `@${chat.username}` : (chat.first_name ?? "")),
        },
        calls.now(),
      )
    : undefined;
  if (bound) {
    calls.log.info({ chatType: chat.type }, "telegram chat bound");
    await reply(
      calls,
      chat.id,
      translate(languageOf(bound.language), "integrations:telegram.bot.connected", {
        quiz: bound.title,
      }),
    );
    return;
  }
  await reply(
    calls,
    chat.id,
    translate(languageOf(message.from?.language_code), "integrations:telegram.bot.invalid"),
  );
}

/** A new one-time start code for this owner and quiz, stored by its hash; answers the code. */
async function newStartCode(calls: BotCalls, userId: number, quizId: number): Promise<string> {
  const code = randomBytes(24).toString("base64url");
  const at = calls.now();
  await deleteStaleStartCodes(calls.db, quizId, at);
  await insertStartCode(calls.db, {
    codeHash: hashStartCode(code),
    userId,
    quizId,
    expiresAt: new Date(at.getTime() + START_CODE_TTL_MS),
  });
  return code;
}

/** Webhook mode: tells Telegram where to post (a refusal is only logged). */
function setWebhook(calls: BotCalls, publicUrl: string, secretToken: string): void {
  const url = `${publicUrl.replace(/\/+$/, "")}/api/v1${TELEGRAM_WEBHOOK_PATH}`;
  callBot(calls.http, calls.bot, "setWebhook", {
    url,
    secret_token: secretToken,
    allowed_updates: ["message"],
  })
    .then((response) => {
      if (!parseBotAnswer(response)?.ok) calls.log.warn({ status: response.status }, "setWebhook");
    })
    .catch((error: unknown) => calls.log.warn({ err: error }, "setWebhook failed"));
}

/**
 * The Telegram bot (docs/delivery.md "Telegram"): start codes, the `/start <code>` that binds
 * a chat to an owner's quiz, and how updates arrive — long polling by one process at a time
 * (a lease row in the database) or, when PUBLIC_URL is https, a webhook whose secret token
 * is checked.
 */
export function createTelegramBot(deps: TelegramBotDeps) {
  const { db, http, bot, log } = deps;
  const now = deps.now ?? (() => new Date());
  const calls: BotCalls = { db, http, bot, log, now };
  const pollSeconds = deps.pollSeconds ?? 25;
  const idleMs = deps.idleMs ?? 5_000;
  const pollerId = `${process.pid}-${randomBytes(6).toString("hex")}`;
  const webhookMode = deps.publicUrl.toLowerCase().startsWith("https://");
  const secretToken = createHmac("sha256", deps.encryptionKey)
    .update("telegram-webhook")
    .digest("base64url");
  let username: string | undefined;
  let running = false;
  let stopped = false;

  /** One update: `/start <code>` binds the chat and the bot confirms in the owner's language. */
  const handleUpdate = (update: TelegramUpdate): Promise<void> => handleStartUpdate(calls, update);

  /** One getUpdates round (holding the lease); answers how many updates it handled. */
  async function pollOnce(): Promise<number> {
    const offset = await claimPollerLease(db, pollerId, now(), (pollSeconds + 60) * 1000);
    if (offset === null) return 0;
    const response = await callBot(
      http,
      bot,
      "getUpdates",
      { offset, timeout: pollSeconds, allowed_updates: ["message"] },
      (pollSeconds + 10) * 1000,
    );
    const answer = parseBotAnswer<TelegramUpdate[]>(response);
    if (!answer?.ok || !Array.isArray(answer.result)) {
      throw new Error(`getUpdates answered HTTP ${response.status}: ${answer?.description ?? ""}`);
    }
    if (stopped) return 0;
    for (const update of answer.result) {
      try {
        await handleUpdate(update);
      } catch (error) {
        log.error({ err: error, updateId: update.update_id }, "telegram update not handled");
      }
      await saveUpdateOffset(db, pollerId, update.update_id + 1);
    }
    return answer.result.length;
  }

  async function pollLoop() {
    // Updates cannot be polled while a webhook is set (409): this process takes them over.
    await callBot(http, bot, "deleteWebhook", {}).catch(() => undefined);
    while (running) {
      try {
        const offset = await claimPollerLease(db, pollerId, now(), (pollSeconds + 60) * 1000);
        if (offset === null) {
          await pause(idleMs);
          continue;
        }
        await pollOnce();
      } catch (error) {
        if (!running) break;
        log.warn({ err: error instanceof Error ? error.message : error }, "telegram poll failed");
        await pause(idleMs);
      }
    }
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

  return {
    webhookMode,
    secretToken,
    pollOnce,
    handleUpdate,

    /** Whether a webhook request carries the secret token the bot was given. */
    checkSecretToken(header: string | string[] | undefined): boolean {
      const value = Buffer.from(typeof header === "string" ? header : "");
      const expected = Buffer.from(secretToken);
      return value.length === expected.length && timingSafeEqual(value, expected);
    },

    /** `https://t.me/<bot>?start=<code>` of a new one-time code for this owner and quiz. */
    async connectUrl(userId: number, quizId: number): Promise<string | null> {
      username ??= (await botUsername(http, bot)) ?? undefined;
      if (!username) return null;
      const code = await newStartCode(calls, userId, quizId);
      return `https://t.me/${username}?start=${code}`;
    },

    /** Webhook mode: tells Telegram where to post; polling mode: starts the poll loop. */
    start() {
      if (running) return;
      running = true;
      if (webhookMode) {
        setWebhook(calls, deps.publicUrl, secretToken);
        return;
      }
      void pollLoop();
    },

    /** Stops polling and lets another process take over at once. */
    async stop() {
      running = false;
      stopped = true;
      await releasePollerLease(db, pollerId).catch(() => undefined);
    },
  };
}

export type TelegramBot = ReturnType<typeof createTelegramBot>;

/** The server's Telegram bot, or undefined without TELEGRAM_BOT_TOKEN. */
export function telegramBotOf(
  context: Pick<AppContext, "config" | "db" | "log" | "secrets">,
  http: OutgoingHttp,
): TelegramBot | undefined {
  const { telegram } = context.config;
  if (!telegram) return undefined;
  return createTelegramBot({
    db: context.db,
    http,
    bot: telegram,
    log: context.log.child({ module: "telegram" }),
    publicUrl: context.config.publicUrl,
    encryptionKey: context.secrets.encryptionKey,
  });
}
