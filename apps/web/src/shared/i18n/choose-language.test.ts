import { describe, expect, it } from "vitest";
import { chooseLanguage } from "./choose-language";

describe("chooseLanguage", () => {
  it("prefers the profile language over everything else", () => {
    expect(chooseLanguage({ profile: "uk", query: "ru", stored: "en" })).toBe("uk");
  });

  it("takes the lang query parameter when there is no profile language", () => {
    expect(chooseLanguage({ profile: null, query: "ru", stored: "uk" })).toBe("ru");
  });

  it("takes the stored interface language when neither profile nor query give one", () => {
    expect(chooseLanguage({ query: null, stored: "uk" })).toBe("uk");
  });

  it("falls back to en when nothing is known", () => {
    expect(chooseLanguage({})).toBe("en");
    expect(chooseLanguage({ profile: null, query: null, stored: null })).toBe("en");
  });

  it("skips values that are not interface languages", () => {
    expect(chooseLanguage({ profile: "de", query: "xx", stored: "ru" })).toBe("ru");
    expect(chooseLanguage({ profile: "", query: "pt", stored: "fr" })).toBe("en");
  });

  it("accepts a differently written code", () => {
    expect(chooseLanguage({ query: " RU " })).toBe("ru");
  });
});
