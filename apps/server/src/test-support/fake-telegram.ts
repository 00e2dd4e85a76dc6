import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeTelegramMessage {
  chat_id: unknown;
  text: string;
  parse_mode?: string;
}

export interface FakeTelegram {
  /** TELEGRAM_API_URL for the app. */
  url: string;
  /** TELEGRAM_BOT_TOKEN for the app. */
  token: string;
  username: string;
  /** Every sendMessage accepted, in order. */
  messages: FakeTelegramMessage[];
  /** Bot API methods called, in order (e.g. "getUpdates"). */
  calls: string[];
  /** The same calls with their JSON bodies as received. */
  requests: { method: string; body: Record<string, unknown> }[];
  /** Problems found in requests (a test expects none). */
  problems: string[];
  /** The body of the last setWebhook, or null. */
  webhook(): Record<string, unknown> | null;
  /** The owner presses Start (or types `text`) in chat `chatId`: getUpdates returns it. */
  press(chatId: number, text: string, languageCode?: string): void;
  /** The user blocks the bot: sendMessage to the chat answers 403. */
  block(chatId: number): void;
  /**
   * Answer sendMessage with 429 and `retry_after` seconds until switched off (null); with
   * `afterMessages`, only once that many more messages went through (flood control mid-lead).
   */
  limit(retryAfter: number | null, afterMessages?: number): void;
  /**
   * The group `fromChatId` is upgraded to the supergroup `toChatId`: messages to the old id
   * answer 400 with `parameters.migrate_to_chat_id`, the new id takes them.
   */
  migrate(fromChatId: number, toChatId: number): void;
  close(): Promise<void>;
}

const ALLOWED_TAGS = new Set([
  "b",
  "strong",
  "i",
  "em",
  "u",
  "ins",
  "s",
  "strike",
  "del",
  "span",
  "tg-spoiler",
  "a",
  "tg-emoji",
  "code",
  "pre",
  "blockquote",
]);

/**
 * The text Telegram keeps of an HTML message (entities parsed: tags dropped, `&lt;` one
 * character); its limit of 4096 counts this text's UTF-16 code units.
 */
export function telegramParsedText(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

/** Problems of a text in Telegram's HTML parse mode (unknown tags, unbalanced, bare & < >). */
export function telegramHtmlProblems(text: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  const token = /<(\/?)([a-zA-Z-]+)[^<>]*>|&(?:#\d+|lt|gt|amp|quot);|[<>&]/g;
  for (const match of text.matchAll(token)) {
    const [whole, closing, tag] = match;
    if (tag === undefined) {
      if (whole.length === 1) problems.push(`bare ${whole}`);
      continue;
    }
    const name = tag.toLowerCase();
    if (!ALLOWED_TAGS.has(name)) problems.push(`tag <${name}>`);
    else if (closing) {
      if (open.pop() !== name) problems.push(`unbalanced </${name}>`);
    } else open.push(name);
  }
  if (open.length > 0) problems.push(`unclosed <${open.join(">, <")}>`);
  return problems;
}

function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as unknown;
        resolve(typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {});
      } catch {
        resolve({});
      }
    });
  });
}

/**
 * Telegram's Bot API on loopback as docs/delivery.md "Telegram" describes it: `POST
 * /bot<token>/<method>` with JSON (401 for another token); getMe, getUpdates (offset, a
 * short long-poll), deleteWebhook, setWebhook and sendMessage, which checks the chat (400
 * chat not found unless it pressed Start), `parse_mode`, the 1–4096 length of the text after
 * entities parsing and valid Telegram HTML, and answers 403 for a chat that blocked the bot,
 * 429 with `retry_after` when limited and 400 with `migrate_to_chat_id` for a group upgraded
 * to a supergroup. `POST /__fake/press {chat_id, text}` and `GET
 * /__fake/messages` drive it from outside (the browser tests).
 */
export async function startFakeTelegram(): Promise<FakeTelegram> {
  const token = "123456:TEST-token_abc";
  const username = "leadquiz_test_bot";
  const messages: FakeTelegramMessage[] = [];
  const calls: string[] = [];
  const requests: FakeTelegram["requests"] = [];
  const problems: string[] = [];
  const updates: { update_id: number; message: Record<string, unknown> }[] = [];
  const knownChats = new Set<number>();
  const blocked = new Set<number>();
  let retryAfter: number | null = null;
  let limitAfter = 0;
  const migrated = new Map<number, number>();
  let webhook: Record<string, unknown> | null = null;
  let nextUpdateId = 1000;
  let nextMessageId = 1;
  let wake: (() => void) | undefined;

  const press = (chatId: number, text: string, languageCode = "en") => {
    knownChats.add(chatId);
    updates.push({
      update_id: nextUpdateId++,
      message: {
        message_id: nextMessageId++,
        text,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: chatId < 0 ? "group" : "private", first_name: "Owner" },
        from: { id: Math.abs(chatId), is_bot: false, language_code: languageCode },
      },
    });
    wake?.();
  };

  const server = createServer(async (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const fail = (code: number, description: string, extra: Record<string, unknown> = {}) =>
      answer(code, { ok: false, error_code: code, description, ...extra });
    const url = request.url ?? "";
    const body = await readJson(request);
    if (url === "/__fake/press" && request.method === "POST") {
      press(Number(body.chat_id), String(body.text ?? ""), String(body.language_code ?? "en"));
      return answer(200, { ok: true });
    }
    if (url === "/__fake/messages") return answer(200, messages);
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(url);
    if (!match) return fail(404, "Not Found");
    if (match[1] !== token) return fail(401, "Unauthorized");
    const method = match[2] ?? "";
    calls.push(method);
    requests.push({ method, body });
    if (request.method !== "POST" || !request.headers["content-type"]?.includes("json")) {
      problems.push(`${method}: not a JSON POST`);
    }
    switch (method) {
      case "getMe":
        return answer(200, {
          ok: true,
          result: { id: 123456, is_bot: true, first_name: "Leadquiz", username },
        });
      case "deleteWebhook":
        webhook = null;
        return answer(200, { ok: true, result: true });
      case "setWebhook":
        webhook = body;
        return answer(200, { ok: true, result: true });
      case "getUpdates": {
        const offset = Number(body.offset ?? 0);
        const pending = () => updates.filter((u) => u.update_id >= offset);
        if (pending().length === 0) {
          const waitMs = Math.min(Number(body.timeout ?? 0), 1) * 1000;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, waitMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
        }
        return answer(200, { ok: true, result: pending() });
      }
      case "sendMessage": {
        const chatId = Number(body.chat_id);
        const text = typeof body.text === "string" ? body.text : "";
        const movedTo = migrated.get(chatId);
        if (movedTo !== undefined) {
          return fail(400, "Bad Request: group chat was upgraded to a supergroup chat", {
            parameters: { migrate_to_chat_id: movedTo },
          });
        }
        if (!knownChats.has(chatId)) return fail(400, "Bad Request: chat not found");
        if (blocked.has(chatId)) return fail(403, "Forbidden: bot was blocked by the user");
        if (retryAfter !== null && limitAfter-- <= 0) {
          return fail(429, `Too Many Requests: retry after ${retryAfter}`, {
            parameters: { retry_after: retryAfter },
          });
        }
        // "1-4096 characters after entities parsing" (sendMessage): the visible text.
        const parsed = body.parse_mode === "HTML" ? telegramParsedText(text) : text;
        if (parsed.trim().length < 1 || parsed.length > 4096) {
          problems.push(`text length ${parsed.length}`);
          return fail(400, "Bad Request: message is too long");
        }
        if (body.parse_mode !== undefined) {
          if (body.parse_mode !== "HTML") problems.push(`parse_mode ${String(body.parse_mode)}`);
          const html = telegramHtmlProblems(text);
          if (html.length > 0) {
            problems.push(...html);
            return fail(400, `Bad Request: can't parse entities: ${html[0]}`);
          }
        }
        messages.push({
          chat_id: body.chat_id,
          text,
          ...(typeof body.parse_mode === "string" ? { parse_mode: body.parse_mode } : {}),
        });
        return answer(200, {
          ok: true,
          result: { message_id: nextMessageId++, chat: { id: chatId }, date: 0, text },
        });
      }
      default:
        return fail(404, "Not Found: method not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    username,
    messages,
    calls,
    requests,
    problems,
    webhook: () => webhook,
    press,
    block: (chatId) => blocked.add(chatId),
    limit(seconds, afterMessages = 0) {
      retryAfter = seconds;
      limitAfter = afterMessages;
    },
    migrate(fromChatId, toChatId) {
      migrated.set(fromChatId, toChatId);
      knownChats.add(toChatId);
    },
    close: () =>
      new Promise<void>((resolve) => {
        wake?.();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
