import type { PublicProfile } from "@leadquiz/contract";
import {
  type InterfaceLanguageCode,
  type ProfilePageTexts,
  profilePageTexts,
} from "@leadquiz/i18n";
import type { AppConfig } from "../../config";
import { absoluteMediaUrl, publicProfileUrl } from "../../lib/public-urls";
import { escapeHtml } from "../public-pages";

function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

function truncate(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : chars.join("");
}

/** Name of a country or language code in the page's language; the code when unknown. */
function displayName(language: string, type: "region" | "language", code: string): string {
  try {
    return new Intl.DisplayNames([language], { type, fallback: "code" }).of(code) ?? code;
  } catch {
    return code;
  }
}

function years(texts: ProfilePageTexts, language: string, count: number): string {
  const category = new Intl.PluralRules(language).select(count);
  return fill(texts.years[category] ?? texts.years.other, { count });
}

const STYLE = [
  "body{margin:0;font:16px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1a1b1e;background:#f8f9fa}",
  "main{max-width:44rem;margin:0 auto;padding:2rem 1.25rem 3rem}",
  ".card{background:#fff;border:1px solid #dee2e6;border-radius:12px;padding:1.5rem;margin-bottom:1.25rem}",
  "header.card{display:flex;flex-wrap:wrap;gap:1.25rem;align-items:center}",
  "header img{width:96px;height:96px;border-radius:50%;object-fit:cover}",
  "h1{font-size:1.75rem;line-height:1.25;margin:0}",
  "h2{font-size:1.25rem;margin:0 0 .75rem}h3{font-size:1.05rem;margin:0 0 .5rem}",
  ".speciality{color:#495057;margin:.25rem 0 0}",
  "dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem;margin:0}dt{color:#495057}dd{margin:0}",
  ".item{border-top:1px solid #e9ecef;padding-top:1rem;margin-top:1rem}.item:first-of-type{border-top:0;margin-top:0;padding-top:0}",
  ".item img{max-width:100%;height:auto;border-radius:8px}",
  ".text{white-space:pre-line;margin:0 0 .5rem}",
  "h4{font-size:1rem;margin:.75rem 0 .25rem}",
  "a{color:#1c5fb8}footer{text-align:center;font-size:.95rem}",
  "@media (max-width:480px){main{padding:1rem .75rem 2rem}dl{grid-template-columns:1fr;gap:0}dt{margin-top:.6rem}dt:first-child{margin-top:0}}",
].join("");

function page(options: {
  language: InterfaceLanguageCode;
  title: string;
  head: string[];
  body: string[];
}): string {
  return [
    "<!doctype html>",
    `<html lang="${options.language}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(options.title)}</title>`,
    ...options.head,
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    "<main>",
    ...options.body,
    "</main>",
    "</body>",
    "</html>",
  ].join("\n");
}

/**
 * The public profile page: server-rendered HTML, no script, every text escaped, with Open
 * Graph tags for link previews (docs/profile-rating.md "Public page").
 */
export function profilePageHtml(
  profile: PublicProfile,
  language: InterfaceLanguageCode,
  config: Pick<AppConfig, "visitorUrl">,
): string {
  const texts = profilePageTexts[language];
  const e = escapeHtml;
  const name = `${profile.first_name} ${profile.last_name}`.trim() || profile.slug;
  const country = profile.country ? displayName(language, "region", profile.country) : "";
  const place = [profile.city.trim(), country].filter(Boolean).join(", ");
  const title = truncate(
    profile.speciality.trim()
      ? fill(texts.titleWithSpeciality, { name, speciality: profile.speciality.trim() })
      : name,
    200,
  );
  const description = truncate(
    profile.speciality.trim() && place
      ? fill(texts.description, { speciality: profile.speciality.trim(), place })
      : texts.descriptionPlain,
    300,
  );
  const url = publicProfileUrl(config, profile.slug);
  const head = [
    `<meta name="description" content="${e(description)}">`,
    `<link rel="canonical" href="${e(url)}">`,
    '<meta property="og:type" content="profile">',
    `<meta property="og:title" content="${e(title)}">`,
    `<meta property="og:description" content="${e(description)}">`,
    `<meta property="og:url" content="${e(url)}">`,
    ...(profile.avatar
      ? [
          `<meta property="og:image" content="${e(absoluteMediaUrl(config, profile.avatar) ?? "")}">`,
        ]
      : []),
    `<meta property="profile:first_name" content="${e(profile.first_name)}">`,
    `<meta property="profile:last_name" content="${e(profile.last_name)}">`,
    '<meta name="twitter:card" content="summary">',
  ];

  const facts: string[] = [];
  if (place) facts.push(`<dt>${e(texts.location)}</dt><dd>${e(place)}</dd>`);
  if (profile.experience_years > 0) {
    facts.push(
      `<dt>${e(texts.experience)}</dt><dd>${e(years(texts, language, profile.experience_years))}</dd>`,
    );
  }
  if (profile.languages.length > 0) {
    const names = profile.languages.map((code) => displayName(language, "language", code));
    facts.push(`<dt>${e(texts.languages)}</dt><dd>${e(names.join(", "))}</dd>`);
  }
  if (profile.certificate) {
    facts.push(
      `<dt>${e(texts.certificate)}</dt><dd><a href="${e(profile.certificate)}">${e(texts.certificateLink)}</a></dd>`,
    );
  }
  facts.push(
    `<dt>${e(texts.rating)}</dt><dd>${e(fill(texts.ratingValue, { position: profile.position, score: profile.score }))}</dd>`,
  );

  const items = profile.portfolio.map((item) => {
    const parts = [`<section class="item"><h3>${e(item.name)}</h3>`];
    if (item.file && item.file_kind === "image") {
      parts.push(`<p><img src="${e(item.file)}" alt="${e(item.name)}" loading="lazy"></p>`);
    } else if (item.file) {
      parts.push(`<p><a href="${e(item.file)}">${e(texts.portfolioFile)}</a></p>`);
    }
    if (item.work_done.trim()) {
      parts.push(`<h4>${e(texts.workDone)}</h4><p class="text">${e(item.work_done)}</p>`);
    }
    if (item.results.trim()) {
      parts.push(`<h4>${e(texts.results)}</h4><p class="text">${e(item.results)}</p>`);
    }
    parts.push("</section>");
    return parts.join("");
  });

  const body = [
    '<header class="card">',
    profile.avatar
      ? `<img src="${e(profile.avatar)}" alt="${e(fill(texts.avatarAlt, { name }))}">`
      : "",
    `<div><h1>${e(name)}</h1>`,
    profile.speciality.trim() ? `<p class="speciality">${e(profile.speciality)}</p>` : "",
    "</div></header>",
    `<section class="card"><dl>${facts.join("")}</dl></section>`,
    ...(items.length > 0
      ? [`<section class="card"><h2>${e(texts.portfolio)}</h2>${items.join("")}</section>`]
      : []),
    `<footer><a href="/">${e(texts.madeWith)}</a></footer>`,
  ];
  return page({ language, title, head, body });
}

/** The page for a private or unknown slug (404). */
export function profileNotFoundHtml(language: InterfaceLanguageCode): string {
  const texts = profilePageTexts[language];
  return page({
    language,
    title: texts.notFoundTitle,
    head: ['<meta name="robots" content="noindex">'],
    body: [
      '<section class="card">',
      `<h1>${escapeHtml(texts.notFoundTitle)}</h1>`,
      `<p>${escapeHtml(texts.notFoundBody)}</p>`,
      `<p><a href="/">${escapeHtml(texts.homeLink)}</a></p>`,
      "</section>",
    ],
  });
}
