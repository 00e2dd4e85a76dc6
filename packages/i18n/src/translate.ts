import { FALLBACK_LANGUAGES, type InterfaceLanguageCode } from "./languages";
import { type Dictionary, type Namespace, resources } from "./resources";

function lookup(dictionary: Dictionary, path: string): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of path.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

function interpolate(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * Translates `namespace:key` (or a key of `defaultNamespace`) for server-side texts
 * (error messages, e-mails), with the same fallback order as the web app: the language,
 * then ru, then en. Placeholders use i18next's `{{name}}` syntax.
 */
export function translate(
  language: InterfaceLanguageCode,
  key: string,
  params: Record<string, string | number> = {},
  defaultNamespace: Namespace = "common",
): string {
  const colon = key.indexOf(":");
  const [namespace, path] =
    colon >= 0 ? [key.slice(0, colon) as Namespace, key.slice(colon + 1)] : [defaultNamespace, key];
  for (const lang of [language, ...FALLBACK_LANGUAGES]) {
    const dictionary = resources[lang]?.[namespace];
    const text = dictionary ? lookup(dictionary, path) : undefined;
    if (text !== undefined) return interpolate(text, params);
  }
  return key;
}
