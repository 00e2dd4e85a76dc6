import type { OutgoingHttp, OutgoingResponse } from "../http/outgoing-http";

/** The bot's token and the Bot API's base URL (TELEGRAM_BOT_TOKEN, TELEGRAM_API_URL). */
export interface TelegramBotConfig {
  botToken: string;
  apiUrl: string;
}

/** The Bot API's answer: `{ok: true, result}` or `{ok: false, error_code, description}`. */
export interface BotAnswer<T = unknown> {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

/** A Telegram Update, as much of it as the bot reads. */
export interface TelegramUpdate {
  update_id: number;
  message?: {
    message_id: number;
    text?: string;
    chat: { id: number; type: string; title?: string; username?: string; first_name?: string };
    from?: { id: number; language_code?: string; username?: string; first_name?: string };
  };
}

/** The Bot API's answer parsed, or null when the body is not its JSON. */
export function parseBotAnswer<T>(response: OutgoingResponse): BotAnswer<T> | null {
  try {
    const body = JSON.parse(response.body) as BotAnswer<T>;
    return typeof body === "object" && body !== null && typeof body.ok === "boolean" ? body : null;
  } catch {
    return null;
  }
}

/**
 * Calls a Bot API method (`POST {apiUrl}/bot{token}/{method}`, JSON) through the outgoing
 * client, whose errors name the host only: the token in the path is never logged.
 */
export function callBot(
  http: OutgoingHttp,
  bot: TelegramBotConfig,
  method: string,
  body: Record<string, unknown>,
  timeoutMs?: number,
): Promise<OutgoingResponse> {
  return http.request({
    method: "POST",
    url: `${bot.apiUrl}/bot${bot.botToken}/${method}`,
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

/** The bot's username (getMe), or null when Telegram does not answer with it. */
export async function botUsername(
  http: OutgoingHttp,
  bot: TelegramBotConfig,
): Promise<string | null> {
  const response = await callBot(http, bot, "getMe", {});
  const answer = parseBotAnswer<{ username?: string }>(response);
  return answer?.ok && typeof answer.result?.username === "string" ? answer.result.username : null;
}
