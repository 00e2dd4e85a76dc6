import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMAIL_MAX_LENGTH, validateEmail } from "./email";

describe("validateEmail", () => {
  it.each([
    "user@example.com",
    "first.last+tag@sub.example.co.uk",
    "  padded@example.com  ",
    "a@b.io",
    "o'brien@example.org",
  ])("accepts %j", (value) => {
    expect(validateEmail(value)).toBeNull();
  });

  it.each(["", "   "])("requires a value (%j)", (value) => {
    expect(validateEmail(value)).toBe("required");
  });

  it.each([
    "plainaddress",
    "@example.com",
    "user@",
    "user@localhost",
    "user@example..com",
    "user@-example.com",
    "user@example-.com",
    "user name@example.com",
    "user@exa mple.com",
    "user@@example.com",
    "пользователь@example.com",
  ])("rejects %j", (value) => {
    expect(validateEmail(value)).toBe("invalid_email");
  });

  it("accepts 254 characters and rejects 255", () => {
    const domain = "@example.com";
    const at254 = `${"a".repeat(EMAIL_MAX_LENGTH - domain.length)}${domain}`;
    expect(at254).toHaveLength(254);
    expect(validateEmail(at254)).toBeNull();
    expect(validateEmail(`a${at254}`)).toBe("invalid_email");
  });

  it("never throws and returns only its own keys", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect([null, "required", "invalid_email"]).toContain(validateEmail(value));
      }),
    );
  });
});
