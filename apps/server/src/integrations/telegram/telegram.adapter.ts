import { outcomeOfError, outcomeOfResponse } from "../http/http-outcome";
import type { OutgoingHttp, OutgoingResponse } from "../http/outgoing-http";
import type { DeliveryAdapter, SendOutcome } from "../types";
import { callBot, parseBotAnswer, type TelegramBotConfig } from "./telegram-api";
import { splitTelegramMessages, telegramLeadLines } from "./telegram-message";

/** At most this long a `retry_after` of the Bot API is honoured (as Retry-After is). */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * What one sendMessage answer comes to (docs/delivery.md "Telegram"): ok → delivered with
 * the message id; 429 → retry after its `retry_after`; 400 (chat not found), 401 (bad
 * token), 403 (bot blocked) → failed; 5xx and the rest → retry. The description of the
 * Bot API's error is what the log keeps.
 */
export function outcomeOfBotAnswer(response: OutgoingResponse, now: Date): SendOutcome {
  const answer = parseBotAnswer<{ message_id?: number }>(response);
  if (answer?.ok) {
    const id = answer.result?.message_id;
    return outcomeOfResponse(response, now, id === undefined ? null : String(id));
  }
  const outcome = outcomeOfResponse(response, now);
  if (answer?.description && outcome.kind !== "delivered") {
    outcome.error = `HTTP ${response.status}: ${answer.description}`;
  }
  const retryAfter = answer?.parameters?.retry_after;
  if (outcome.kind === "retry" && typeof retryAfter === "number" && retryAfter >= 0) {
    outcome.retryAfterMs = Math.min(retryAfter * 1000, MAX_RETRY_AFTER_MS);
  }
  return outcome;
}

/**
 * Sends each lead to the bound chat with sendMessage (HTML parse mode, link previews off),
 * split into several messages when it is longer than Telegram's 4096 characters. The first
 * message's id is the remote id. Without a bot configured, a delivery fails at once.
 */
export function createTelegramAdapter(
  http: OutgoingHttp,
  bot: TelegramBotConfig | undefined,
): DeliveryAdapter {
  return {
    retrySafety: "none",
    async send({ lead, settings, language, now, test }): Promise<SendOutcome> {
      if (!bot) {
        return {
          kind: "failed",
          statusCode: null,
          error: "Telegram is not set up on this server (TELEGRAM_BOT_TOKEN)",
          disable: false,
        };
      }
      const messages = splitTelegramMessages(telegramLeadLines(lead, language, test));
      let first: SendOutcome | undefined;
      try {
        for (const text of messages) {
          const response = await callBot(http, bot, "sendMessage", {
            chat_id: settings.chat_id,
            text,
            parse_mode: "HTML",
            link_preview_options: { is_disabled: true },
          });
          const outcome = outcomeOfBotAnswer(response, now);
          if (outcome.kind !== "delivered") return outcome;
          first ??= outcome;
        }
      } catch (error) {
        return outcomeOfError(error);
      }
      return first ?? { kind: "failed", statusCode: null, error: "empty message", disable: false };
    },
  };
}
