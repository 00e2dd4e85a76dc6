import type { Dictionary } from "@leadquiz/i18n";
import type { BackendModule, ReadCallback } from "i18next";

/**
 * The dictionaries of packages/i18n as separate chunks, one a language and namespace: the
 * app's first load carries none of them, and a visitor of the owner app downloads only the
 * languages i18next asks for (the chosen one and its fallbacks), in parallel
 * (docs/adr/0010 "Size").
 */
const loaders = import.meta.glob<Dictionary>("../../../../../packages/i18n/src/locales/*/*.json", {
  import: "default",
});

function loaderOf(language: string, namespace: string) {
  const suffix = `/locales/${language}/${namespace}.json`;
  const key = Object.keys(loaders).find((path) => path.endsWith(suffix));
  return key ? loaders[key] : undefined;
}

/** An i18next backend that imports each dictionary on demand. */
export const lazyDictionaries: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaderOf(language, namespace);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (dictionary) => callback(null, dictionary),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};
