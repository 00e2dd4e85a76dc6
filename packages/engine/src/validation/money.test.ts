import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatCents,
  MIN_REFERRAL_WITHDRAWAL_CENTS,
  parseMoneyToCents,
  validateBalanceTransfer,
  validatePayFromBalance,
  validateReferralWithdrawal,
} from "./money";

describe("parseMoneyToCents", () => {
  it.each([
    ["100.00", 10000],
    ["100", 10000],
    ["100.5", 10050],
    ["0.01", 1],
    ["0.1", 10],
    ["0.29", 29],
    ["  12.50 ", 1250],
    ["007.00", 700],
    ["-5.25", -525],
    ["-0.00", 0],
    [100, 10000],
    [100.1, 10010],
    [0.29, 29],
    [1.15, 115],
    [0.1 + 0.2, 30],
    [-0, 0],
    [-3.5, -350],
  ] as const)("%j → %d", (value, expected) => {
    expect(parseMoneyToCents(value)).toBe(expected);
  });

  it.each([
    "",
    " ",
    "abc",
    "1,50",
    "1.505",
    "100.",
    ".5",
    "+5",
    "1e3",
    "$100",
    "100 00",
    "99999999999999999999",
    100.005,
    0.001,
    1e-7,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    1e300,
  ])("%j → null", (value) => {
    expect(parseMoneyToCents(value)).toBeNull();
  });

  it("agrees with formatCents for any amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const text = formatCents(cents);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        expect(parseMoneyToCents(text)).toBe(cents);
        expect(parseMoneyToCents(Number(text))).toBe(cents);
      }),
    );
  });
});

describe("validateReferralWithdrawal", () => {
  it("has a 100 dollar minimum", () => {
    expect(MIN_REFERRAL_WITHDRAWAL_CENTS).toBe(10000);
  });

  it.each([
    ["", "required"],
    ["abc", "invalid_amount"],
    ["0", "invalid_amount"],
    ["-150", "invalid_amount"],
    ["99.99", "referral_withdrawal_minimum"],
    [99.99, "referral_withdrawal_minimum"],
    ["100", null],
    ["100.00", null],
    [100, null],
    ["100.01", null],
    ["5000", null],
  ] as const)("%j → %s", (amount, expected) => {
    expect(validateReferralWithdrawal(amount)).toBe(expected);
  });

  it("must not exceed the referral balance when it is given", () => {
    expect(validateReferralWithdrawal("150.00", "150.00")).toBeNull();
    expect(validateReferralWithdrawal("150.01", "150.00")).toBe("withdrawal_exceeds_balance");
    expect(validateReferralWithdrawal("99.00", "50.00")).toBe("referral_withdrawal_minimum");
  });
});

describe("validateBalanceTransfer", () => {
  it.each([
    ["10.00", "10.00", null],
    ["10.01", "10.00", "transfer_exceeds_balance"],
    ["0.01", "0.01", null],
    ["0.01", "0.00", "transfer_exceeds_balance"],
    [0.3, "0.30", null],
    [0.1 + 0.2, "0.30", null],
    ["0.31", 0.1 + 0.2, "transfer_exceeds_balance"],
    ["0", "10.00", "invalid_amount"],
    ["-1", "10.00", "invalid_amount"],
    ["1.001", "10.00", "invalid_amount"],
    ["", "10.00", "required"],
    ["5", "garbage", "transfer_exceeds_balance"],
  ] as const)("%j from %j → %s", (amount, balance, expected) => {
    expect(validateBalanceTransfer(amount, balance)).toBe(expected);
  });

  it("compares in cents on random amounts", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        (amount, balance) => {
          expect(validateBalanceTransfer(formatCents(amount), formatCents(balance))).toBe(
            amount <= balance ? null : "transfer_exceeds_balance",
          );
        },
      ),
    );
  });
});

describe("validatePayFromBalance", () => {
  it.each([
    ["19.99", "19.99", null],
    ["19.99", "20.00", null],
    ["20.00", "19.99", "insufficient_funds"],
    ["0.00", "0.00", null],
    [0.3, 0.1 + 0.2, null],
    ["1000000.01", "1000000.00", "insufficient_funds"],
    ["-1", "10", "invalid_amount"],
    ["abc", "10", "invalid_amount"],
    ["10", "", "insufficient_funds"],
  ] as const)("price %j, balance %j → %s", (price, balance, expected) => {
    expect(validatePayFromBalance(price, balance)).toBe(expected);
  });
});
