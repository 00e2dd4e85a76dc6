import { createHash } from "node:crypto";
import { outcomeOfError, outcomeOfResponse } from "../http/http-outcome";
import type { OutgoingHttp, OutgoingResponse } from "../http/outgoing-http";
import type { CredentialStore, DeliveryAdapter, SendOutcome, SendRequest } from "../types";
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
 * The chat a group moved to: Telegram answers a message to a group upgraded to a supergroup
 * with 400 and `parameters.migrate_to_chat_id` (the Bot API's ResponseParameters).
 */
function migratedChat(response: OutgoingResponse): string | null {
  const id = parseBotAnswer(response)?.parameters?.migrate_to_chat_id;
  return response.status === 400 && typeof id === "number" && Number.isSafeInteger(id)
    ? String(id)
    : null;
}

/**
 * The parts of a long lead already in the chat, kept among the integration's secrets under
 * `sent_parts:<event id>` while the lead is sent (docs/delivery.md "Telegram"): how many, the
 * first one's id, and a digest of the parts (a lead split differently starts over).
 */
interface SentParts {
  count: number;
  firstId: string | null;
}
const progressKey = (eventId: string) => `sent_parts:${eventId}`;
const digestOf = (messages: string[]) =>
  createHash("sha256").update(messages.join("\u0000")).digest("hex").slice(0, 16);

function readProgress(secrets: Record<string, string>, key: string, digest: string): SentParts {
  const [count, firstId, stored] = (secrets[key] ?? "").split(":");
  if (stored !== digest || !count) return { count: 0, firstId: null };
  return { count: Number(count) || 0, firstId: firstId || null };
}

async function saveProgress(
  store: CredentialStore | undefined,
  key: string,
  value: string | null,
): Promise<void> {
  await store?.update(async (current) => {
    if (value === null && !(key in current)) return null;
    const next = { ...current };
    if (value === null) delete next[key];
    else next[key] = value;
    return next;
  });
}

/**
 * Sends each lead to the bound chat with sendMessage (HTML parse mode, link previews off),
 * split into several messages when its text is longer than Telegram's 4096. The first
 * message's id is the remote id. Without a bot configured, a delivery fails at once.
 *
 * sendMessage has no idempotency key, so a message whose answer was lost may arrive twice
 * (`retrySafety: "none"`); what can be kept single is: the parts of a split lead already sent
 * are remembered, so a retry sends only the rest. A group upgraded to a supergroup moves the
 * integration to the new chat and the message is sent there in the same try.
 */
export function createTelegramAdapter(
  http: OutgoingHttp,
  bot: TelegramBotConfig | undefined,
): DeliveryAdapter {
  return {
    retrySafety: "none",
    async send(request: SendRequest): Promise<SendOutcome> {
      const { lead, settings, secrets, language, now, test, credentials, eventId } = request;
      if (!bot) {
        return {
          kind: "failed",
          statusCode: null,
          error: "Telegram is not set up on this server (TELEGRAM_BOT_TOKEN)",
          disable: false,
        };
      }
      const messages = splitTelegramMessages(telegramLeadLines(lead, language, test));
      const key = progressKey(eventId);
      const digest = digestOf(messages);
      const several = messages.length > 1;
      const done = several ? readProgress(secrets, key, digest) : { count: 0, firstId: null };
      let chatId = settings.chat_id ?? "";
      let firstId = done.firstId;
      let last: Extract<SendOutcome, { kind: "delivered" }> | undefined;
      try {
        for (let part = done.count; part < messages.length; part++) {
          const send = () =>
            callBot(http, bot, "sendMessage", {
              chat_id: chatId,
              text: messages[part],
              parse_mode: "HTML",
              link_preview_options: { is_disabled: true },
            });
          let response = await send();
          const moved = migratedChat(response);
          if (moved) {
            chatId = moved;
            await credentials?.updateSettings({ chat_id: moved });
            response = await send();
          }
          const outcome = outcomeOfBotAnswer(response, now);
          if (outcome.kind !== "delivered") return outcome;
          firstId ??= outcome.remoteId;
          last = outcome;
          if (several && part < messages.length - 1) {
            await saveProgress(credentials, key, `${part + 1}:${firstId ?? ""}:${digest}`);
          }
        }
      } catch (error) {
        return outcomeOfError(error);
      }
      if (several) await saveProgress(credentials, key, null);
      if (!last) {
        return { kind: "failed", statusCode: null, error: "empty message", disable: false };
      }
      return { ...last, remoteId: firstId };
    },
  };
}
