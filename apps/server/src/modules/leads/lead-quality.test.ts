import { describe, expect, it } from "vitest";
import { maskEmail, maskName, maskPhone } from "../lead-contacts/lead-mask";
import {
  contactFlagsOf,
  isDisposableEmail,
  isInvalidPhone,
  tooFastBelowSeconds,
} from "./lead-quality";

describe("lead quality flags", () => {
  it("knows disposable domains from the maintained list, subdomains of wildcard ones too", () => {
    expect(isDisposableEmail("ivan@mailinator.com")).toBe(true);
    expect(isDisposableEmail("ivan@team.mailinator.com")).toBe(true);
    expect(isDisposableEmail("ivan@gmail.com")).toBe(false);
  });

  it("marks a phone no operator of its country issues", () => {
    expect(isInvalidPhone("+380 50 123 4567")).toBe(false);
    expect(isInvalidPhone("+380 00 123 4567")).toBe(true);
    expect(isInvalidPhone("")).toBe(false);
  });

  it("flags the contacts themselves, a disposable e-mail first", () => {
    expect(contactFlagsOf({ email: "ivan@mailinator.com", phone: "+380 00 123 4567" })).toEqual([
      "disposable_email",
      "invalid_phone",
    ]);
    expect(contactFlagsOf({ email: "a@example.com", phone: "" })).toEqual([]);
  });

  it("calls a lead too fast below 1.5 s per answered question plus the form", () => {
    expect(tooFastBelowSeconds(3)).toBe(6);
    expect(tooFastBelowSeconds(0)).toBe(1.5);
  });
});

describe("masking", () => {
  it("shows enough to tell leads apart, not enough to reach the visitor", () => {
    expect(maskName("Jane")).toBe("J***");
    expect(maskEmail("jane@example.com")).toBe("j***@example.com");
    expect(maskPhone("+380 50 123 4512")).toBe("+38 *** ** 12");
    expect(maskName("")).toBe("");
  });
});
