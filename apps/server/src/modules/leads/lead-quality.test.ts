import { describe, expect, it } from "vitest";
import { maskEmail, maskName, maskPhone } from "./lead-mask";
import { isDisposableEmail, isInvalidPhone, leadFlagsOf } from "./lead-quality";

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

  it("flags a lead sent faster than its questions can be read", () => {
    const base = { email: "a@example.com", phone: "", duplicate: false, answered: 3 };
    expect(leadFlagsOf({ ...base, secondsTaken: 2 })).toEqual(["too_fast"]);
    expect(leadFlagsOf({ ...base, secondsTaken: 40 })).toEqual([]);
    expect(leadFlagsOf({ ...base, secondsTaken: null, duplicate: true })).toEqual(["duplicate"]);
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
