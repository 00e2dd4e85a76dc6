import { type InterfaceLanguageCode, translate } from "@leadquiz/i18n";

/** E-mails that carry one call to action (a link with a button), e.g. `password_reset`. */
export type ActionEmailTemplate =
  | "password_reset"
  | "verify_email"
  | "complete_registration"
  | "registration_attempt"
  | "change_email"
  | "email_change_notice"
  | "api_keys_revoked"
  | "integration_failing"
  | "tariff_ends_soon"
  | "tariff_ends_tomorrow"
  | "support_request"
  | "support_copy";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * Renders an e-mail of the i18n `email` namespace in one language: plain text and a simple
 * HTML version with inline styles (mail clients drop style sheets). The texts are the keys
 * `<template>.subject`, `.greeting`, `.body`, `.body_text` (optional: the body of the plain
 * text, which has no button, where the body speaks of the button), `.button`, `.link_hint`
 * (optional) and `.footer`; every one may use `{{link}}` (and the other `params`, e.g. `{{email}}`).
 * Interpolated values are HTML-escaped; in the HTML version a further address given as a
 * param named `…_link` (e.g. `reset_link`) is a link where the text shows it.
 */
export function renderActionEmail(
  language: InterfaceLanguageCode,
  template: ActionEmailTemplate,
  params: { link: string; [name: string]: string },
): RenderedEmail {
  const text = (key: string) => optionalText(language, `email:${template}.${key}`, params);
  const subject = text("subject") ?? template;
  const greeting = text("greeting");
  const body = text("body");
  const button = text("button") ?? params.link;
  const linkHint = text("link_hint");
  const footer = text("footer");

  const plain = [
    greeting,
    text("body_text") ?? body,
    // Plain-text readers need the address itself; skip it when the body already has it.
    body?.includes(params.link) ? undefined : `${button}:\n${params.link}`,
    footer,
  ]
    .filter((part): part is string => part !== undefined && part !== "")
    .join("\n\n");

  const otherLinks = Object.entries(params)
    .filter(([name]) => name.endsWith("_link"))
    .map(([, address]) => escapeHtml(address));
  const safe = (value: string) =>
    otherLinks.reduce(
      (html, address) =>
        html.replaceAll(
          address,
          `<a href="${address}" style="color:#228be6;word-break:break-all;">${address}</a>`,
        ),
      escapeHtml(value).replaceAll("\n", "<br>"),
    );
  const paragraph = (content: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2933;">${content}</p>`;
  const href = escapeHtml(params.link);
  const hintHtml = linkHint
    ? safe(linkHint).replace(
        escapeHtml(params.link),
        `<a href="${href}" style="color:#228be6;word-break:break-all;">${href}</a>`,
      )
    : undefined;

  const html = [
    "<!doctype html>",
    `<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;">',
    '<div style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px;">',
    greeting ? paragraph(safe(greeting)) : "",
    body ? paragraph(safe(body)) : "",
    `<p style="margin:24px 0;"><a href="${href}" style="display:inline-block;padding:12px 24px;background:#228be6;color:#ffffff;text-decoration:none;border-radius:6px;font-size:15px;font-weight:bold;">${safe(button)}</a></p>`,
    hintHtml
      ? `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#616e7c;">${hintHtml}</p>`
      : "",
    footer ? paragraph(safe(footer)) : "",
    "</div></body></html>",
  ].join("");

  return { subject, text: plain, html };
}

/** HTML-escapes text for element content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The translated text, or undefined when no language has the key. */
function optionalText(
  language: InterfaceLanguageCode,
  key: string,
  params: Record<string, string>,
): string | undefined {
  const value = translate(language, key, params);
  return value === key ? undefined : value;
}
