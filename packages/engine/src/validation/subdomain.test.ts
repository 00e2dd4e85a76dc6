import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeSubdomain, validateSubdomain } from "./subdomain";

/** The rule written independently as one regular expression, for the property test. */
const REFERENCE = /^(?=.{4,50}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe("validateSubdomain", () => {
  it.each(["abcd", "my-quiz", "quiz-2024", "1234", "a-b-c-d", "a1b2", "x".repeat(50)])(
    "accepts %j",
    (value) => {
      expect(validateSubdomain(value)).toBeNull();
    },
  );

  it("requires a value", () => {
    expect(validateSubdomain("")).toBe("required");
  });

  it.each([
    ["abc", "subdomain_length"],
    ["a", "subdomain_length"],
    ["x".repeat(51), "subdomain_length"],
    ["-ab", "subdomain_length"],
  ])("length: %j → %s", (value, expected) => {
    expect(validateSubdomain(value)).toBe(expected);
  });

  it.each([
    "MyQuiz",
    "ABCD",
    "my_quiz",
    "my.quiz",
    "my quiz",
    " abcd",
    "квиз-тест",
    "café-quiz",
    "quiz!",
    "abc😀",
  ])("characters: %j → subdomain_chars", (value) => {
    expect(validateSubdomain(value)).toBe("subdomain_chars");
  });

  it.each(["-abcd", "abcd-", "ab--cd", "----", "a---b", "-ab-"])(
    "hyphens: %j → subdomain_hyphens",
    (value) => {
      expect(validateSubdomain(value)).toBe("subdomain_hyphens");
    },
  );

  it("counts a non-BMP character once for the length rule", () => {
    expect(validateSubdomain("ab😀")).toBe("subdomain_length");
  });

  it("normalizeSubdomain trims and lower-cases, then the strict rule applies", () => {
    expect(normalizeSubdomain("  My-Quiz ")).toBe("my-quiz");
    expect(validateSubdomain(normalizeSubdomain("  My-Quiz "))).toBeNull();
  });

  it("agrees with a reference regular expression on random strings", () => {
    const alphabet = fc.constantFrom(..."abcxyz019-AZ_. ё".split(""));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: alphabet, minLength: 0, maxLength: 60 }),
          fc.string({ minLength: 0, maxLength: 60 }),
          fc.stringMatching(/^[a-z0-9-]{0,55}$/),
        ),
        (value) => {
          expect(validateSubdomain(value) === null).toBe(REFERENCE.test(value));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
