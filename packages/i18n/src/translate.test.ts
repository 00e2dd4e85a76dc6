import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "./resources";
import { translate } from "./translate";

/**
 * Fixture keys put into the real resources for this file only (each test file runs in its
 * own module context, so the completeness test never sees them) and removed afterwards.
 */
const FIXTURE = "__translate_test__";

beforeAll(() => {
  resources.en.errors[FIXTURE] = {
    only_en: "Only in English, {{name}}",
    en_and_ru: "English text",
    all: "English",
    spaced: "Hello, {{ name }}!",
    repeated: "{{n}} and {{n}} again, {{missing}} stays",
  };
  resources.ru.errors[FIXTURE] = {
    en_and_ru: "Русский текст",
    all: "Русский",
  };
  resources.uk.errors[FIXTURE] = {
    all: "Українська",
    only_uk: "Лише українською",
  };
});

afterAll(() => {
  for (const language of ["en", "ru", "uk"] as const) delete resources[language].errors[FIXTURE];
});

describe("translate", () => {
  it("uses the requested language when it has the key", () => {
    expect(translate("en", `errors:${FIXTURE}.all`)).toBe("English");
    expect(translate("ru", `errors:${FIXTURE}.all`)).toBe("Русский");
    expect(translate("uk", `errors:${FIXTURE}.all`)).toBe("Українська");
  });

  it("falls back to ru first, then en", () => {
    expect(translate("uk", `errors:${FIXTURE}.en_and_ru`)).toBe("Русский текст");
    expect(translate("uk", `errors:${FIXTURE}.only_en`, { name: "Ann" })).toBe(
      "Only in English, Ann",
    );
    expect(translate("ru", `errors:${FIXTURE}.only_en`, { name: "Ann" })).toBe(
      "Only in English, Ann",
    );
  });

  it("does not fall back to uk from other languages", () => {
    expect(translate("en", `errors:${FIXTURE}.only_uk`)).toBe(`errors:${FIXTURE}.only_uk`);
    expect(translate("ru", `errors:${FIXTURE}.only_uk`)).toBe(`errors:${FIXTURE}.only_uk`);
    expect(translate("uk", `errors:${FIXTURE}.only_uk`)).toBe("Лише українською");
  });

  it("returns the key itself when no language has it", () => {
    expect(translate("en", "errors:no_such_key")).toBe("errors:no_such_key");
    expect(translate("uk", "no_such_key")).toBe("no_such_key");
    expect(translate("en", "no_such_namespace:required")).toBe("no_such_namespace:required");
  });

  it("returns the key for a path that ends on a branch or runs through a text", () => {
    expect(translate("en", "email:password_reset")).toBe("email:password_reset");
    expect(translate("en", "validation:required.deeper")).toBe("validation:required.deeper");
  });

  it("reads ns:key from the named namespace, and a bare key from the default namespace", () => {
    expect(translate("en", "validation:required")).toBe("Required field");
    expect(translate("ru", "validation:required")).toBe("Обязательное поле");
    expect(translate("uk", "errors:invalid_credentials")).toBe("Неправильний пароль або логін");
    expect(translate("en", "invalid_credentials", {}, "errors")).toBe("Invalid password or login");
    expect(translate("en", "errors:invalid_credentials", {}, "validation")).toBe(
      "Invalid password or login",
    );
  });

  it("uses common as the default namespace", () => {
    resources.en.common[FIXTURE] = "from common";
    try {
      expect(translate("en", FIXTURE)).toBe("from common");
      expect(translate("en", FIXTURE, {}, "errors")).toBe(FIXTURE);
    } finally {
      delete resources.en.common[FIXTURE];
    }
  });

  it("follows dotted paths into nested keys", () => {
    expect(translate("en", "email:password_reset.greeting")).toBe("Hello!");
    expect(translate("ru", "email:password_reset.greeting")).toBe("Здравствуйте!");
  });

  it("interpolates {{name}} placeholders with strings and numbers", () => {
    expect(translate("en", "errors:rate_limited", { seconds: 30 })).toBe(
      "Too many attempts. Try again in 30 seconds.",
    );
    expect(translate("ru", "errors:rate_limited", { seconds: 30 })).toContain("30");
    expect(translate("en", "validation:password_too_short", { min: 8 })).not.toContain("{{");
    expect(
      translate("uk", "email:password_reset.link_hint", { link: "https://x.test/r/abc" }),
    ).toContain("https://x.test/r/abc");
  });

  it("allows spaces inside braces, repeats, and leaves unknown placeholders as they are", () => {
    expect(translate("en", `errors:${FIXTURE}.spaced`, { name: "Bob" })).toBe("Hello, Bob!");
    expect(translate("en", `errors:${FIXTURE}.repeated`, { n: 2 })).toBe(
      "2 and 2 again, {{missing}} stays",
    );
  });

  it("does not interpolate placeholders that come from a value", () => {
    expect(translate("en", `errors:${FIXTURE}.only_en`, { name: "{{name}}" })).toBe(
      "Only in English, {{name}}",
    );
  });
});
