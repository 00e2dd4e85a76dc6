import { createHash } from "node:crypto";
import { embedLoaderScript, embedSnippetScript } from "@leadquiz/contract/embed-snippet";
import type { AppConfig } from "../../config";
import { escapeHtml } from "./page-html";

/** The editor's sample site for the embed modes (outside `/q/{key}`: no key has a slash). */
export const EMBED_SAMPLE_PAGE_PATH = "/q/-/embed-sample";

/** The sample page's snippets load `/embed.js` of this origin. */
const SAMPLE_LOADER_SRC = "/embed.js";
/** The CSP source that lets the snippet's inline loader run, and no other inline script. */
const SAMPLE_LOADER_HASH = `'sha256-${createHash("sha256")
  .update(embedLoaderScript(SAMPLE_LOADER_SRC))
  .digest("base64")}'`;

/** The loader's attributes (docs/embed.md "Attributes"): nothing else reaches the page. */
const LOADER_ATTRIBUTES = new Set([
  "data-leadquiz",
  "data-mode",
  "data-title",
  "data-close-label",
  "data-open",
  "data-delay",
  "data-exit-intent",
  "data-scroll",
  "data-button-id",
  "data-frequency",
  "data-hide-on-mobile",
  "data-text",
  "data-additional-text",
  "data-background",
  "data-color",
  "data-position",
  "data-format",
  "data-icon",
  "data-video",
  "data-play-on-hover",
  "data-open-on-click",
  "data-manager-name",
  "data-photo",
  "data-message",
  "data-min-height",
]);
const MAX_VALUE = 2000;
const LANGUAGE = /^[a-z]{2}$/;

/**
 * What the sample page shows, read from its query: the loader attributes of one snippet
 * (names the loader does not know and over-long values are dropped), the page language
 * and the label of the site's own button (for a popup opened by a button id).
 */
export interface EmbedSample {
  attributes: [name: string, value: string][];
  language: string;
  buttonLabel: string;
}

export function embedSampleOf(query: Record<string, unknown>): EmbedSample {
  const attributes: [string, string][] = [];
  for (const [name, value] of Object.entries(query)) {
    if (LOADER_ATTRIBUTES.has(name) && typeof value === "string" && value.length <= MAX_VALUE) {
      attributes.push([name, value]);
    }
  }
  const language = typeof query.lang === "string" && LANGUAGE.test(query.lang) ? query.lang : "en";
  const label = typeof query.button === "string" ? query.button.slice(0, 100) : "";
  return { attributes, language, buttonLabel: label };
}

const SAMPLE_CSS =
  "html,body{margin:0}body{font:16px/1.5 system-ui,sans-serif;background:#f6f7f9;color:#1f2933;min-height:100vh}" +
  ".bar{background:#dfe3e8;border-radius:6px;height:14px;margin:0 0 10px}" +
  "header{display:flex;align-items:center;gap:16px;padding:16px 24px;background:#fff;border-bottom:1px solid #e3e6ea}" +
  ".logo{width:40px;height:40px;border-radius:50%;background:#c5ccd4}" +
  "main{max-width:760px;margin:0 auto;padding:24px}" +
  ".hero{height:120px;border-radius:10px;background:#e8ebef;margin:0 0 20px}" +
  ".site-button{font:inherit;padding:10px 18px;border-radius:8px;border:0;background:#1f2933;color:#fff;cursor:pointer;margin:8px 0 20px}";

const lines = (widths: number[]) =>
  widths.map((width) => `<div class="bar" style="width:${width}%"></div>`).join("");

/**
 * A neutral sample site (grey blocks, no text of its own) that carries one embed snippet
 * exactly as an owner pastes it: the element with the loader's attributes (a container for
 * `inline`, else the snippet's script) and the inline loader of `/embed.js`. Every value is
 * escaped.
 */
export function embedSamplePageHtml(sample: EmbedSample): string {
  const attributes = sample.attributes
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join("");
  const mode = sample.attributes.find(([name]) => name === "data-mode")?.[1];
  const buttonId = sample.attributes.find(([name]) => name === "data-button-id")?.[1];
  const siteButton =
    buttonId && sample.buttonLabel
      ? `<button type="button" class="site-button" id="${escapeHtml(buttonId)}">${escapeHtml(sample.buttonLabel)}</button>`
      : "";
  const snippet =
    mode === "inline"
      ? `<div${attributes}></div>\n${embedSnippetScript(SAMPLE_LOADER_SRC)}`
      : embedSnippetScript(SAMPLE_LOADER_SRC, attributes);
  return [
    "<!doctype html>",
    `<html lang="${escapeHtml(sample.language)}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    "<title>Leadquiz</title>",
    `<style>${SAMPLE_CSS}</style>`,
    "</head>",
    "<body>",
    `<header aria-hidden="true"><div class="logo"></div>${lines([20])}</header>`,
    "<main>",
    `<div aria-hidden="true"><div class="hero"></div>${lines([60, 90, 80, 85])}</div>`,
    siteButton,
    snippet,
    `<div aria-hidden="true">${lines([70, 95, 88, 60, 92, 75, 83, 66, 90, 40])}</div>`,
    "</main>",
    "</body>",
    "</html>",
  ].join("\n");
}

/**
 * The sample page's policy. It is served on the visitor origin, like the owners' sites it
 * stands for (docs/adr/0016-visitor-origin.md), and framed by the owner app's editor only
 * (`frame-ancestors` of PUBLIC_URL: X-Frame-Options cannot name another origin). Scripts of
 * its own origin only (the loader, which frames the quiz pages and loads `embed-ui.js`
 * there) and the snippet's inline loader by its hash; YouTube's player and thumbnails for
 * the video trigger; images and videos from any https address (a manager's photo).
 */
export function embedSampleCsp(config: Pick<AppConfig, "publicUrl">): string {
  const app = new URL(config.publicUrl).origin;
  return [
    "default-src 'self'",
    `script-src 'self' ${SAMPLE_LOADER_HASH}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https: ${app}`,
    `media-src 'self' blob: https: ${app}`,
    "frame-src 'self' https://www.youtube-nocookie.com",
    "connect-src 'self'",
    "form-action 'none'",
    "base-uri 'none'",
    "object-src 'none'",
    `frame-ancestors ${app}`,
  ].join("; ");
}
