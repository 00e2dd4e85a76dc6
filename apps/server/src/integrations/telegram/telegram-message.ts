import { type InterfaceLanguageCode, interfaceLanguages, translate } from "@leadquiz/i18n";
import type { DeliveryLead } from "../types";

/** Telegram's limit of one message's text (docs/delivery.md "Telegram"). */
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
 * Splits lines into messages of at most `limit` characters, on line boundaries. A line
 * longer than a message on its own (a very long answer) is sent as plain escaped text cut
 * between characters, never inside an entity or a tag.
 */
export function splitTelegramMessages(lines: string[], limit = TELEGRAM_TEXT_LIMIT): string[] {
  const messages: string[] = [];
  let current = "";
  const push = (piece: string) => {
    if (current && current.length + 1 + piece.length > limit) {
      messages.push(current);
      current = "";
    }
    current = current ? `${current}\n${piece}` : piece;
  };
  for (const line of lines) {
    if (line.length <= limit) {
      push(line);
      continue;
    }
    for (const piece of cutPlain(plainOf(line), limit)) push(piece);
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

/** Escaped pieces of a text, each at most `limit` characters once escaped. */
function cutPlain(text: string, limit: number): string[] {
  const pieces: string[] = [];
  let piece = "";
  for (const char of text) {
    const escaped = escapeTelegramHtml(char);
    if (piece.length + escaped.length > limit) {
      pieces.push(piece);
      piece = "";
    }
    piece += escaped;
  }
  if (piece) pieces.push(piece);
  return pieces;
}
