import { describe, expect, it } from "vitest";
import { createI18n } from "./i18n";

/** Resolves once the instance has loaded its interface language (the app's first page). */
function initialized(i18n: ReturnType<typeof createI18n>): Promise<void> {
  return i18n.isInitialized
    ? Promise.resolve()
    : new Promise((resolve) => i18n.on("initialized", () => resolve()));
}

describe("the app's i18next instance (lazy dictionaries)", () => {
  it("starts with the interface language alone, then loads ru and en and falls back to them", async () => {
    // The fallbacks wait 300 ms here (10 s in the app).
    const i18n = createI18n("uk", undefined, 300);
    await initialized(i18n);
    // The first page waits for uk only: the fallbacks' dictionaries are not needed to start.
    expect(i18n.hasResourceBundle("uk", "common")).toBe(true);
    expect(i18n.hasResourceBundle("en", "common")).toBe(false);
    expect(i18n.t("common:loading")).not.toBe("loading");

    // Nothing more loads while the first page may still be loading.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(i18n.hasResourceBundle("en", "common")).toBe(false);

    // A key uk lacks (here one only en has) falls back once the fallbacks are in.
    await expect
      .poll(() => i18n.hasResourceBundle("ru", "common") && i18n.hasResourceBundle("en", "common"))
      .toBe(true);
    i18n.addResource("en", "common", "onlyInEnglish", "English text");
    await expect.poll(() => i18n.t("common:onlyInEnglish")).toBe("English text");
    // Still uk: loading the fallbacks changed no language.
    expect(i18n.language).toBe("uk");
  });
});
