import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The fonts of `GET fontlist/`, self-hosted from @fontsource npm packages (every one with
 * Latin and Cyrillic subsets). Ids are stored in `quiz.design.font`: append, never
 * renumber. `family` is a ready CSS font-family value.
 */
export const fontCatalogue = [
  { id: 1, name: "Inter", family: "'Inter', sans-serif", slug: "inter" },
  { id: 2, name: "Roboto", family: "'Roboto', sans-serif", slug: "roboto" },
  { id: 3, name: "Open Sans", family: "'Open Sans', sans-serif", slug: "open-sans" },
  { id: 4, name: "Montserrat", family: "'Montserrat', sans-serif", slug: "montserrat" },
  { id: 5, name: "PT Sans", family: "'PT Sans', sans-serif", slug: "pt-sans" },
  { id: 6, name: "Noto Sans", family: "'Noto Sans', sans-serif", slug: "noto-sans" },
  { id: 7, name: "Rubik", family: "'Rubik', sans-serif", slug: "rubik" },
  { id: 8, name: "Fira Sans", family: "'Fira Sans', sans-serif", slug: "fira-sans" },
] as const;

export type FontSlug = (typeof fontCatalogue)[number]["slug"];

/** Where the fonts are served (root of the product's origin, outside /api/v1). */
export const FONTS_PREFIX = "/fonts";

/** The stylesheet every font item points at: weights 400, 500 and 700 of every subset. */
export const FONT_STYLESHEET = "font.css";
export const FONT_STYLESHEET_WEIGHTS = ["400.css", "500.css", "700.css"] as const;

export interface InstalledFont {
  slug: FontSlug;
  /** The package's directory in node_modules. */
  dir: string;
  /** The package version: part of every URL, so files can be cached for good. */
  version: string;
}

const require = createRequire(import.meta.url);

/** Finds each catalogue font's installed package (throws when one is missing). */
export function installedFonts(): Map<FontSlug, InstalledFont> {
  const fonts = new Map<FontSlug, InstalledFont>();
  for (const font of fontCatalogue) {
    const manifest = require.resolve(`@fontsource/${font.slug}/package.json`);
    const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
    fonts.set(font.slug, { slug: font.slug, dir: path.dirname(manifest), version });
  }
  return fonts;
}

/** The same-origin address of a font's stylesheet. */
export function fontStylesheetUrl(font: InstalledFont): string {
  return `${FONTS_PREFIX}/${font.slug}/${font.version}/${FONT_STYLESHEET}`;
}
