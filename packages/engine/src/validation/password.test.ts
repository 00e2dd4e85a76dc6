import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS } from "./common-passwords";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  validatePassword,
  validatePasswordRepeat,
} from "./password";

describe("validatePassword", () => {
  it("requires a value", () => {
    expect(validatePassword("")).toBe("required");
  });

  it("needs at least 8 characters: 7 fails, 8 passes", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(validatePassword("xk7#pq2")).toBe("password_too_short");
    expect(validatePassword("xk7#pq2z")).toBeNull();
  });

  it("accepts 128 characters and rejects 129", () => {
    expect(validatePassword("x7".repeat(PASSWORD_MAX_LENGTH / 2))).toBeNull();
    expect(validatePassword(`${"x7".repeat(PASSWORD_MAX_LENGTH / 2)}q`)).toBe("password_too_long");
  });

  it.each(["12345678", "98765432109", "00000000"])("rejects only digits: %j", (value) => {
    expect(validatePassword(value)).toBe("password_only_digits");
  });

  it("rejects only digits before checking length-independent rules", () => {
    expect(validatePassword("1234567")).toBe("password_too_short");
  });

  it.each(["password", "password1", "qwerty12", "PassWord1", "IloveYou"])(
    "rejects a common password: %j",
    (value) => {
      expect(COMMON_PASSWORDS.has(value.toLowerCase())).toBe(true);
      expect(validatePassword(value)).toBe("password_too_common");
    },
  );

  it.each(["correct horse", "Tr0ub4dor&3", "пароль-надёжный", "пароль12", "ślimak99"])(
    "accepts %j",
    (value) => {
      expect(validatePassword(value)).toBeNull();
    },
  );

  it("counts unicode letters as characters", () => {
    expect(validatePassword("пароль1")).toBe("password_too_short");
    expect(validatePassword("пароль12")).toBeNull();
  });

  describe("with requireLetterAndDigit (reset form)", () => {
    const options = { requireLetterAndDigit: true };

    it.each([
      ["lettersonly", "password_needs_letter_and_digit"],
      ["#$%^&*()_+", "password_needs_letter_and_digit"],
      ["!!!!!!!!1", "password_needs_letter_and_digit"],
      ["12345678", "password_only_digits"],
      ["abcd1234x", null],
      ["пароль12", null],
      ["ÄÖÜäöü12", null],
    ])("%j → %s", (value, expected) => {
      expect(validatePassword(value, options)).toBe(expected);
    });

    it("still rejects common passwords that have a letter and a digit", () => {
      expect(validatePassword("password1", options)).toBe("password_too_common");
    });

    it("leaves the default rule unchanged", () => {
      expect(validatePassword("lettersonly")).toBeNull();
    });
  });

  it("accepts any long enough mix of digits and a letter that is not common", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9]{12,40}$/).filter((s) => /[a-z]/.test(s) && /\d/.test(s)),
        (value) => {
          fc.pre(!COMMON_PASSWORDS.has(value));
          expect(validatePassword(value, { requireLetterAndDigit: true })).toBeNull();
        },
      ),
    );
  });

  it("rejects every digit-only string of 8 or more", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8,40}$/), (value) => {
        expect(validatePassword(value)).toBe("password_only_digits");
      }),
    );
  });
});

describe("validatePasswordRepeat", () => {
  it("requires the repeat", () => {
    expect(validatePasswordRepeat("secret-pass1", "")).toBe("required");
  });

  it("requires an exact match", () => {
    expect(validatePasswordRepeat("secret-pass1", "secret-pass1")).toBeNull();
    expect(validatePasswordRepeat("secret-pass1", "Secret-pass1")).toBe("passwords_must_match");
    expect(validatePasswordRepeat("secret-pass1", "secret-pass1 ")).toBe("passwords_must_match");
  });
});
