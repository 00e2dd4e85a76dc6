import { type InterfaceLanguageCode, interfaceLanguages, translate } from "@leadquiz/i18n";
import { escapeHtml, type RenderedEmail } from "../../mail/mail-templates";
import type { DeliveryLead } from "../types";

/** Messenger names and how each becomes a link (e-mail clients open these apps). */
const MESSENGER_LINKS: Record<string, (value: string) => string> = {
  telegram: (v) => `https://t.me/${v.replace(/^@/, "")}`,
  whatsapp: (v) => `https://wa.me/${v.replace(/\D/g, "")}`,
  viber: (v) => `viber://chat?number=${encodeURIComponent(v)}`,
};

type Row = { label: string; text: string; href?: string };

/**
 * The lead e-mail in the owner's language (i18n `email:lead_delivery`): contacts with
 * tel:/mailto:/messenger links, answers, results, extra fields, UTM, page and referrer.
 * Every value the visitor typed is escaped in the HTML part.
 */
export function renderLeadEmail(lead: DeliveryLead, language: string, test = false): RenderedEmail {
  const lang: InterfaceLanguageCode = (interfaceLanguages as readonly string[]).includes(language)
    ? (language as InterfaceLanguageCode)
    : "en";
  const t = (key: string, params: Record<string, string> = {}) =>
    translate(lang, `email:lead_delivery.${key}`, params);
  const who = lead.name || lead.phone || lead.email || t("anonymous");
  const subject = t("subject", { quiz: lead.quiz.title, who });
  const heading = t("heading", { quiz: lead.quiz.title });

  const contacts: Row[] = [];
  if (lead.name) contacts.push({ label: t("name"), text: lead.name });
  if (lead.phone) {
    contacts.push({
      label: t("phone"),
      text: lead.phone,
      href: `tel:${lead.phone.replace(/\s/g, "")}`,
    });
  }
  if (lead.email)
    contacts.push({ label: t("email"), text: lead.email, href: `mailto:${lead.email}` });
  for (const value of [lead.other, lead.other2]) {
    if (value) contacts.push({ label: t("other"), text: value });
  }
  for (const [name, value] of Object.entries(lead.messengers)) {
    if (!value) continue;
    const link = MESSENGER_LINKS[name];
    // The messenger's name ("Telegram"), not its key; an unknown key as it is.
    const known = translate(lang, `results:contact.messengerNames.${name}`);
    const label = known.startsWith("results:") ? name : known;
    contacts.push({ label, text: value, ...(link ? { href: link(value) } : {}) });
  }
  const sections: { title: string; rows: Row[]; numbered?: boolean }[] = [
    { title: t("contacts"), rows: contacts },
    {
      title: t("answers"),
      rows: lead.answers.map((a) => ({ label: a.question, text: a.answer })),
      numbered: true,
    },
    {
      title: t("results"),
      rows: lead.results.map((r) => ({
        label: r.title,
        text: r.value === null ? "" : `${r.value}${r.unit ? ` ${r.unit}` : ""}`,
      })),
    },
    {
      title: t("extra"),
      rows: Object.entries(lead.extra).map(([label, text]) => ({ label, text })),
    },
    {
      title: t("utm"),
      rows: [
        ...Object.entries(lead.utm).map(([label, text]) => ({ label, text })),
        ...(lead.page_url
          ? [{ label: t("page_url"), text: lead.page_url, href: lead.page_url }]
          : []),
        ...(lead.referrer ? [{ label: t("referrer"), text: lead.referrer }] : []),
      ],
    },
  ].filter((section) => section.rows.length > 0);
  const footer = t("lead_id", {
    id: String(lead.id),
    date: lead.created_at.replace("T", " ").slice(0, 16),
  });
  const note = test ? t("test_note") : undefined;

  const text = [
    heading,
    ...(note ? [note] : []),
    ...sections.map(
      (s) =>
        `${s.title}\n${s.rows
          .map(
            (r, i) => `${s.numbered ? `${i + 1}. ` : ""}${r.label}${r.text ? `: ${r.text}` : ""}`,
          )
          .join("\n")}`,
    ),
    footer,
  ].join("\n\n");

  const cell = (r: Row) => {
    const value = escapeHtml(r.text);
    return r.href && /^(https?:|tel:|mailto:|viber:)/.test(r.href)
      ? `<a href="${escapeHtml(r.href)}" style="color:#228be6;">${value}</a>`
      : value;
  };
  const table = (s: (typeof sections)[number]) =>
    `<h3 style="margin:24px 0 8px;font-size:16px;color:#1f2933;">${escapeHtml(s.title)}</h3>` +
    `<table style="border-collapse:collapse;width:100%;font-size:14px;">${s.rows
      .map(
        (r, i) =>
          `<tr><td style="padding:4px 8px 4px 0;color:#616e7c;vertical-align:top;">${s.numbered ? `${i + 1}. ` : ""}${escapeHtml(r.label)}</td><td style="padding:4px 0;color:#1f2933;">${cell(r)}</td></tr>`,
      )
      .join("")}</table>`;
  const html = [
    "<!doctype html>",
    `<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;">',
    '<div style="max-width:640px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px;">',
    `<h2 style="margin:0 0 16px;font-size:20px;color:#1f2933;">${escapeHtml(heading)}</h2>`,
    note ? `<p style="color:#c92a2a;">${escapeHtml(note)}</p>` : "",
    ...sections.map(table),
    `<p style="margin:24px 0 0;font-size:12px;color:#616e7c;">${escapeHtml(footer)}</p>`,
    "</div></body></html>",
  ].join("");
  return { subject, text, html };
}
