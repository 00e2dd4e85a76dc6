import { type InterfaceLanguageCode, interfaceLanguages, translate } from "@leadquiz/i18n";
import type { DeliveryLead } from "../types";

/**
 * Telegram's limit of one message's text: 1-4096 characters after entities parsing (the Bot
 * API's sendMessage, docs/delivery.md "Telegram").
 */
export const TELEGRAM_TEXT_LIMIT = 4096;

/** Escapes text for Telegram's HTML parse mode (`&` first, then `<` and `>`, and `"`). */
export function escapeTelegramHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

const languageOf = (language: string): InterfaceLanguageCode =>
  (interfaceLanguages as readonly string[]).includes(language)
    ? (language as InterfaceLanguageCode)
    : "en";

/**
 * The lead as Telegram HTML lines in the owner's language, with the labels of the lead
 * e-mail (i18n `email:lead_delivery`): contacts, answers, results, extra fields, UTM, page,
 * referrer. Everything the visitor typed is escaped; each line closes its own tags.
 */
export function telegramLeadLines(lead: DeliveryLead, language: string, test: boolean): string[] {
  const lang = languageOf(language);
  const t = (key: string, params: Record<string, string> = {}) =>
    translate(lang, `email:lead_delivery.${key}`, params);
  const e = escapeTelegramHtml;
  const row = (label: string, value: string) => `${e(label)}: ${e(value)}`;
  const section = (title: string, rows: string[]) =>
    rows.length > 0 ? ["", `<b>${e(title)}</b>`, ...rows] : [];

  const contacts: string[] = [];
  if (lead.name) contacts.push(row(t("name"), lead.name));
  if (lead.phone) contacts.push(row(t("phone"), lead.phone));
  if (lead.email) contacts.push(row(t("email"), lead.email));
  for (const value of [lead.other, lead.other2]) if (value) contacts.push(row(t("other"), value));
  for (const [name, value] of Object.entries(lead.messengers)) {
    if (value) contacts.push(row(name, value));
  }
  const utm = Object.entries(lead.utm).map(([name, value]) => row(name, value));
  if (lead.page_url) utm.push(row(t("page_url"), lead.page_url));
  if (lead.referrer) utm.push(row(t("referrer"), lead.referrer));

  return [
    `<b>${e(t("heading", { quiz: lead.quiz.title }))}</b>`,
    ...(test ? [`<i>${e(t("test_note"))}</i>`] : []),
    ...section(t("contacts"), contacts),
    ...section(
      t("answers"),
      lead.answers.map((a, i) => `${i + 1}. <b>${e(a.question)}</b>\n${e(a.answer)}`),
    ),
    ...section(
      t("results"),
      lead.results.map((r) =>
        r.value === null ? e(r.title) : row(r.title, `${r.value}${r.unit ? ` ${r.unit}` : ""}`),
      ),
    ),
    ...section(
      t("extra"),
      Object.entries(lead.extra).map(([name, value]) => row(name, value)),
    ),
    ...section(t("utm"), utm),
    "",
    e(t("lead_id", { id: String(lead.id), date: lead.created_at.slice(0, 16).replace("T", " ") })),
  ];
}

/**
 * How long a piece of Telegram HTML is as Telegram counts the 4096: the text after entities
 * parsing (tags dropped, `&lt;` one character), in UTF-16 code units, which is what a
 * JavaScript string's length is (docs/delivery.md "Telegram").
 */
export function telegramTextLength(html: string): number {
  return plainOf(html).length;
}

/**
 * Splits lines into messages whose visible text is at most `limit` long, on line
 * boundaries. A line longer than a message on its own (a very long answer) is sent as plain
 * escaped text cut between characters, never inside an entity, a tag or a surrogate pair.
 */
export function splitTelegramMessages(lines: string[], limit = TELEGRAM_TEXT_LIMIT): string[] {
  const messages: string[] = [];
  let current = "";
  let currentLength = 0;
  const push = (piece: string) => {
    const length = telegramTextLength(piece);
    if (current && currentLength + 1 + length > limit) {
      messages.push(current);
      current = "";
      currentLength = 0;
    }
    currentLength += current ? 1 + length : length;
    current = current ? `${current}\n${piece}` : piece;
  };
  for (const line of lines) {
    if (telegramTextLength(line) <= limit) {
      push(line);
      continue;
    }
    // The first piece fills what the current message has left, so no message goes half empty.
    const room = current ? limit - currentLength - 1 : limit;
    for (const piece of cutPlain(plainOf(line), limit, room > 0 ? room : limit)) push(piece);
  }
  if (current.trim()) messages.push(current);
  return messages;
}

/** A line of Telegram HTML back as its text (tags dropped, entities decoded). */
function plainOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

/**
 * Escaped pieces of a text, the first at most `first` UTF-16 code units of visible text, the
 * others at most `limit`.
 */
function cutPlain(text: string, limit: number, first: number): string[] {
  const pieces: string[] = [];
  let piece = "";
  let length = 0;
  // By code point, so a character outside the BMP (two code units) is never split.
  let room = first;
  for (const char of text) {
    if (length + char.length > room) {
      if (piece) pieces.push(piece);
      piece = "";
      length = 0;
      room = limit;
    }
    piece += escapeTelegramHtml(char);
    length += char.length;
  }
  if (piece) pieces.push(piece);
  return pieces;
}
