import { readFile } from "node:fs/promises";
import path from "node:path";
import { isInterfaceLanguage, type LegalPage, legalTexts } from "@leadquiz/i18n";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../app-context";
import { escapeHtml } from "../public-pages";

/** URL segment of each page (the registration page links the privacy policy). */
const PAGE_PATHS: Record<LegalPage, string> = {
  privacy: "privacy_policy_page",
  terms: "terms_page",
};

export interface LegalPagesOptions {
  context: Pick<AppContext, "config">;
}

/**
 * GET /{language}/u/privacy_policy_page/ and /{language}/u/terms_page/ (en, ru, uk): plain
 * server-rendered HTML, the default texts of @leadquiz/i18n or, when LEGAL_PAGES_DIR holds
 * `{privacy,terms}.{language}.html`, the operator's HTML fragment in their place
 * (docs/legal-pages.md). Another language answers 404. Registered before the owner app's
 * catch-all route.
 */
export async function legalPagesPlugin(app: FastifyInstance, { context }: LegalPagesOptions) {
  const dir = context.config.legalPagesDir;
  for (const page of Object.keys(PAGE_PATHS) as LegalPage[]) {
    app.get<{ Params: { language: string } }>(
      `/:language/u/${PAGE_PATHS[page]}/`,
      // HTML pages, not API operations: left out of the OpenAPI document.
      { schema: { hide: true } },
      async (request, reply) => {
        const { language } = request.params;
        if (!isInterfaceLanguage(language)) return reply.callNotFound();
        const operatorHtml = dir ? await readOperatorFile(dir, page, language) : undefined;
        reply
          .type("text/html; charset=utf-8")
          .header("cache-control", "public, max-age=300")
          .header(
            "content-security-policy",
            "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
          );
        return legalPageHtml(page, language, operatorHtml);
      },
    );
  }
}

async function readOperatorFile(
  dir: string,
  page: LegalPage,
  language: string,
): Promise<string | undefined> {
  try {
    return await readFile(path.join(dir, `${page}.${language}.html`), "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

const STYLE = [
  "body{margin:0;font:16px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1a1b1e;background:#fff}",
  "main{max-width:44rem;margin:0 auto;padding:2rem 1.25rem 3rem}",
  "h1{font-size:1.75rem;line-height:1.25;margin:0 0 1rem}",
  "h2{font-size:1.2rem;margin:1.75rem 0 .5rem}",
  "a{color:#1c5fb8}",
  "nav{display:flex;flex-wrap:wrap;gap:1rem;margin-bottom:1.5rem;font-size:.95rem}",
].join("");

/** The whole page; `operatorHtml` (trusted: the operator's own file) replaces the default body. */
export function legalPageHtml(
  page: LegalPage,
  language: keyof typeof legalTexts,
  operatorHtml?: string,
): string {
  const texts = legalTexts[language];
  const text = texts[page];
  const other: LegalPage = page === "privacy" ? "terms" : "privacy";
  const otherLabel = other === "privacy" ? texts.privacyLink : texts.termsLink;
  const body =
    operatorHtml ??
    [
      `<h1>${escapeHtml(text.title)}</h1>`,
      `<p>${escapeHtml(text.intro)}</p>`,
      ...text.sections.map(
        (section) => `<h2>${escapeHtml(section.heading)}</h2><p>${escapeHtml(section.body)}</p>`,
      ),
    ].join("\n");
  return [
    "<!doctype html>",
    `<html lang="${language}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(text.title)}</title>`,
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    "<main>",
    `<nav><a href="/">${escapeHtml(texts.homeLink)}</a><a href="/${language}/u/${PAGE_PATHS[other]}/">${escapeHtml(otherLabel)}</a></nav>`,
    body,
    "</main>",
    "</body>",
    "</html>",
  ].join("\n");
}
