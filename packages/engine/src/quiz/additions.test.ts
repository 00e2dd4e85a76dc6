import { describe, expect, it } from "vitest";
import { additionShownAt, additionsVisibleAt, discountValue, growingDiscount } from "./additions";
import { choice, condition, discount, snapshot } from "./test-fixtures";
import type { Addition, Step } from "./types";

describe("growingDiscount", () => {
  it("floor(max × k / n) at each step, max at the last", () => {
    expect([0, 1, 2, 3].map((k) => growingDiscount(10, k, 3))).toEqual([0, 3, 6, 10]);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((k) => growingDiscount(15, k, 7))).toEqual([
      0, 2, 4, 6, 8, 10, 12, 15,
    ]);
    expect(growingDiscount(7.5, 2, 2)).toBe(7.5);
    expect(growingDiscount(20, 0, 0)).toBe(20);
  });
});

describe("discountValue", () => {
  const questions = [
    choice(1),
    choice(2),
    choice(3, [1, 2], {}, { conditions: [condition(1, { answers: [12] })] }),
    choice(4),
  ];
  const quiz = snapshot({ questions });
  it("ordinary: max_discount from the first question on", () => {
    expect(discountValue(quiz, {}, discount(1, "ordinary", 12))).toBe(12);
  });
  it("growing: answered of reachable questions", () => {
    const growing = discount(1, "growing", 30);
    expect(discountValue(quiz, {}, growing)).toBe(0);
    expect(discountValue(quiz, { 1: { answers: [11] } }, growing)).toBe(10);
    expect(discountValue(quiz, { 1: { answers: [12] } }, growing)).toBe(7);
    expect(discountValue(quiz, { 1: { answers: [12] }, 2: { answers: [21] } }, growing)).toBe(15);
    expect(
      discountValue(
        quiz,
        { 1: { answers: [11] }, 2: { answers: [21] }, 4: { answers: [41] } },
        growing,
      ),
    ).toBe(30);
  });
  it("other additions have no discount", () => {
    const bonus: Addition = {
      id: 2,
      type: 1,
      enabled: true,
      display: "all",
      settings: { name: "b", discount_amount: "5", link: "" },
    };
    expect(discountValue(quiz, {}, bonus)).toBeNull();
  });
});

describe("display", () => {
  const steps: Step[] = [
    { kind: "start" },
    { kind: "question", question: 1 },
    { kind: "results" },
    { kind: "form" },
    { kind: "thank_you", redirect_url: null },
  ];
  it.each([
    ["all", [true, true, true, true, true]],
    ["all_except_start", [false, true, true, true, true]],
    ["contact_only", [false, false, false, true, false]],
  ] as const)("%s", (display, expected) => {
    const addition = discount(1, "ordinary", 5, { display });
    expect(steps.map((step) => additionShownAt(addition, step))).toEqual(expected);
  });
  it("additionsVisibleAt: enabled ones for the step, in sort order", () => {
    const quiz = snapshot({
      additions: [
        discount(1, "ordinary", 5, { sort: 2 }),
        discount(2, "ordinary", 5, { sort: 1, display: "contact_only" }),
        discount(3, "ordinary", 5, { sort: 0, enabled: false }),
      ],
    });
    expect(additionsVisibleAt(quiz, { kind: "form" }).map((a) => a.id)).toEqual([2, 1]);
    expect(additionsVisibleAt(quiz, { kind: "start" }).map((a) => a.id)).toEqual([1]);
  });
});
