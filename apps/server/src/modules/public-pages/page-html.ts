import type { LandingSection, PublicLanguage, PublicQuiz } from "@leadquiz/contract";
import type { VisitorTexts } from "@leadquiz/i18n/visitor/types";
import type { RuntimeBuild } from "./runtime-assets";

/** Text for HTML (element content and quoted attribute values). */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/**
 * JSON for `<script type="application/json">`: `<`, `>`, `&` and the line separators as
 * \u escapes, so no `</script>` or `<!--` can end or change the element, and JSON.parse of
 * the element's text gives back exactly the value.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll(">", "\\u003e")
    .replaceAll("&", "\\u0026")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

/** What `<script type="application/json" data-leadquiz>` holds (the runtime's BootConfig). */
export interface BootConfig {
  quiz: PublicQuiz;
  texts: VisitorTexts;
  api: string;
  target: string;
  hydrate: boolean;
}

/** The landing section as the page shows it (absolute logo URL). */
export type LandingInfo = Partial<Omit<LandingSection, "subdomain" | "domain">>;

const VIDEO = /\.(mp4|m4v|webm|mov)(\?|$)/i;

function truncate(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : chars.join("");
}

/** Title, description and og:image of a quiz (from its start page). */
function metaOf(quiz: PublicQuiz) {
  const title = quiz.start_page.title.trim() || quiz.title;
  const description = quiz.start_page.description.trim();
  const media = quiz.start_page.media;
  const image = media && !VIDEO.test(media) ? media : null;
  return { title: truncate(title, 200), description: truncate(description, 300), image };
}

const PAGE_CSS =
  "html,body{margin:0;min-height:100%}body{background:var(--lq-page-bg,#fff)}" +
  ".lq-page{max-width:760px;margin:0 auto;padding:16px 0}" +
  "html[data-embed] .lq-page{max-width:none;padding:0}" +
  ".lq-landing{font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;" +
  "color:#1f2937;max-width:960px;margin:0 auto;padding:16px}" +
  ".lq-landing header{display:flex;flex-wrap:wrap;align-items:center;gap:12px 24px;" +
  "padding:8px 0 16px}.lq-landing header img{max-height:56px;width:auto}" +
  ".lq-landing .lq-company{font-weight:700;font-size:1.25rem}" +
  ".lq-landing .lq-contacts{margin-left:auto;display:flex;gap:16px;flex-wrap:wrap}" +
  ".lq-landing a{color:inherit}.lq-landing .lq-about{white-space:pre-line}" +
  ".lq-landing footer{margin-top:24px;font-size:.875rem;color:#4b5563;white-space:pre-line}";

export interface QuizPageOptions {
  quiz: PublicQuiz;
  texts: VisitorTexts;
  runtime: RuntimeBuild;
  /** Inside the embed's iframe (`?embed=1`). */
  embed: boolean;
  /** Around the quiz: the landing of `/l/{subdomain}` or a subdomain host. */
  landing?: LandingInfo | undefined;
  /** The canonical address of this page. */
  canonicalUrl: string;
}

/**
 * The hosted quiz page: the first screen rendered on the server (the runtime's
 * renderQuizToString), the runtime's stylesheet inline, Open Graph tags from the start
 * page, the boot config inline as JSON, and the hashed runtime entry as a module script
 * (which hydrates the server's markup).
 */
export function quizPageHtml(options: QuizPageOptions): string {
  const { quiz, texts, runtime, embed, landing } = options;
  const meta = metaOf(quiz);
  const target = `leadquiz-${quiz.public_key}`;
  const boot: BootConfig = { quiz, texts, api: "/api/v1", target, hydrate: true };
  const font = quiz.design.font;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(meta.title)}</title>`,
    meta.description ? `<meta name="description" content="${escapeHtml(meta.description)}">` : "",
    `<link rel="canonical" href="${escapeHtml(options.canonicalUrl)}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    meta.description
      ? `<meta property="og:description" content="${escapeHtml(meta.description)}">`
      : "",
    meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}">` : "",
    `<meta property="og:url" content="${escapeHtml(options.canonicalUrl)}">`,
    `<meta name="twitter:card" content="${meta.image ? "summary_large_image" : "summary"}">`,
    embed ? '<meta name="robots" content="noindex">' : "",
    font ? `<link rel="stylesheet" href="${escapeHtml(font.url)}">` : "",
    `<link rel="modulepreload" href="${escapeHtml(runtime.entryUrl)}">`,
    // Without a start page the first screen is a later one: its chunk comes with the entry.
    !quiz.start_page.enabled && runtime.screensUrl
      ? `<link rel="modulepreload" href="${escapeHtml(runtime.screensUrl)}">`
      : "",
    // In the embed's iframe the entry waits for the embed protocol's chunk: it comes with it.
    embed && runtime.frameUrl
      ? `<link rel="modulepreload" href="${escapeHtml(runtime.frameUrl)}">`
      : "",
    `<style>${runtime.css}</style>`,
    `<style>${PAGE_CSS}:root{--lq-page-bg:${cssColor(quiz.design.background_color)}}</style>`,
    `<script type="module" src="${escapeHtml(runtime.entryUrl)}"></script>`,
  ]
    .filter(Boolean)
    .join("\n");
  const quizMarkup = `<div id="${escapeHtml(target)}">${runtime.render(quiz, texts)}</div>`;
  const body = landing
    ? landingHtml(landing, quizMarkup)
    : `<main class="lq-page">${quizMarkup}</main>`;
  return [
    "<!doctype html>",
    `<html lang="${quiz.language}"${embed ? ` data-embed="1"` : ""}>`,
    `<head>\n${head}\n</head>`,
    "<body>",
    body,
    `<script type="application/json" data-leadquiz>${jsonForScript(boot)}</script>`,
    "</body>",
    "</html>",
  ].join("\n");
}

/** The id of the element the preview page renders into. */
export const PREVIEW_TARGET = "leadquiz-preview";

/**
 * The owner editor's preview page (`/q/-/preview`): the runtime with no quiz of its own.
 * The editor frames it and sends the snapshot to show by postMessage (docs/editor.md
 * "Preview, publishing, history"); `data-leadquiz-preview` tells the runtime to wait
 * for it instead of booting a visitor quiz.
 */
export function previewPageHtml(runtime: RuntimeBuild): string {
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    "<title>Leadquiz preview</title>",
    `<link rel="modulepreload" href="${escapeHtml(runtime.entryUrl)}">`,
    `<style>${runtime.css}</style>`,
    `<style>${PAGE_CSS}</style>`,
    `<script type="module" src="${escapeHtml(runtime.entryUrl)}"></script>`,
    "</head>",
    "<body>",
    `<main class="lq-page"><div id="${PREVIEW_TARGET}"></div></main>`,
    `<script type="application/json" data-leadquiz-preview>${jsonForScript({ target: PREVIEW_TARGET })}</script>`,
    "</body>",
    "</html>",
  ].join("\n");
}

function landingHtml(landing: LandingInfo, quizMarkup: string): string {
  const company = landing.company_name?.trim() ?? "";
  const logo = landing.logo
    ? `<img src="${escapeHtml(landing.logo)}" alt="${escapeHtml(company)}" width="160" height="56">`
    : "";
  const site = safeHttpUrl(landing.site_url ?? null);
  const phone = landing.phone?.trim() ?? "";
  const contacts = [
    site
      ? `<a href="${escapeHtml(site)}" rel="noopener" target="_blank">${escapeHtml(hostOf(site))}</a>`
      : "",
    phone
      ? `<a href="tel:${escapeHtml(phone.replace(/[^\d+]/g, ""))}">${escapeHtml(phone)}</a>`
      : "",
  ].filter(Boolean);
  const about = landing.about?.trim() ?? "";
  const legal = landing.legal_notice?.trim() ?? "";
  return [
    '<div class="lq-landing">',
    "<header>",
    logo,
    company ? `<span class="lq-company">${escapeHtml(company)}</span>` : "",
    contacts.length > 0 ? `<nav class="lq-contacts">${contacts.join("")}</nav>` : "",
    "</header>",
    about ? `<p class="lq-about">${escapeHtml(about)}</p>` : "",
    `<main>${quizMarkup}</main>`,
    legal ? `<footer>${escapeHtml(legal)}</footer>` : "",
    "</div>",
  ]
    .filter(Boolean)
    .join("\n");
}

/** A minimal page of its own (404, 503) in the visitor's language. */
export function messagePageHtml(language: PublicLanguage, title: string, text: string): string {
  return [
    "<!doctype html>",
    `<html lang="${language}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title>`,
    "<style>body{font:16px/1.5 system-ui,sans-serif;color:#1f2937;margin:0;display:grid;" +
      "place-items:center;min-height:100vh;text-align:center;padding:16px;box-sizing:border-box}" +
      "h1{font-size:1.5rem;margin:0 0 8px}</style></head>",
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main></body>`,
    "</html>",
  ].join("\n");
}

/** A colour the owner typed, only when it is a plain CSS colour (else white). */
function cssColor(value: string): string {
  return /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i.test(value) ? value : "#fff";
}

function safeHttpUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
