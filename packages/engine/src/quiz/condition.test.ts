import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ConditionSubject, conditionHolds, conditionsHold, rangeHolds } from "./condition";
import { choice, condition, question } from "./test-fixtures";
import type { AnswerValue, Condition, Question } from "./types";

const multi = choice(1, [1, 2, 4], { multi_answers: true, own_answer: true });
const subject = (q: Question, answer: AnswerValue | undefined): ConditionSubject => ({
  question: q,
  answer,
});
const holds = (c: Partial<Condition>, q: Question, answer: AnswerValue | undefined) =>
  conditionHolds(condition(q.id, c), subject(q, answer));

describe("answers conditions", () => {
  const picked = { answers: [11, 12] };
  it.each([
    [
      "and, all selected, include",
      { answers: [11, 12], answers_operator: "and", answers_include: true },
      true,
    ],
    [
      "and, one missing, include",
      { answers: [11, 13], answers_operator: "and", answers_include: true },
      false,
    ],
    [
      "and, one missing, exclude",
      { answers: [11, 13], answers_operator: "and", answers_include: false },
      true,
    ],
    [
      "and, all selected, exclude",
      { answers: [11, 12], answers_operator: "and", answers_include: false },
      false,
    ],
    [
      "or, one selected, include",
      { answers: [12, 13], answers_operator: "or", answers_include: true },
      true,
    ],
    [
      "or, none selected, include",
      { answers: [13], answers_operator: "or", answers_include: true },
      false,
    ],
    [
      "or, none selected, exclude",
      { answers: [13], answers_operator: "or", answers_include: false },
      true,
    ],
    [
      "or, one selected, exclude",
      { answers: [11, 13], answers_operator: "or", answers_include: false },
      false,
    ],
  ] as const)("%s", (_name, fields, expected) => {
    expect(holds({ kind: "answers", ...fields }, multi, picked)).toBe(expected);
  });

  it("an own-answer text alone selects no listed answer", () => {
    const own = { answers: [], own_text: "other" };
    expect(holds({ answers: [11], answers_include: false }, multi, own)).toBe(true);
    expect(holds({ answers: [11], answers_include: true }, multi, own)).toBe(false);
  });

  it("an unanswered question holds no condition, not even an exclusion", () => {
    const exclude = { answers: [11], answers_include: false };
    expect(holds(exclude, multi, undefined)).toBe(false);
    expect(holds(exclude, multi, { answers: [] })).toBe(false);
    expect(conditionHolds(condition(1, exclude), undefined)).toBe(false);
  });
});

describe("number conditions", () => {
  const rating = question(2, 5, { quantity_of_answers: 10 });
  it.each([
    ["in_range inside", { number_operator: "in_range", number_from: 3, number_to: 7 }, 5, true],
    ["in_range at from", { number_operator: "in_range", number_from: 5, number_to: 7 }, 5, true],
    ["in_range at to", { number_operator: "in_range", number_from: 3, number_to: 5 }, 5, true],
    ["in_range below", { number_operator: "in_range", number_from: 6, number_to: 7 }, 5, false],
    ["in_range above", { number_operator: "in_range", number_from: 1, number_to: 4 }, 5, false],
    ["in_range open to", { number_operator: "in_range", number_from: 5, number_to: null }, 9, true],
    ["more above", { number_operator: "more", number_from: 4 }, 5, true],
    ["more equal", { number_operator: "more", number_from: 5 }, 5, false],
    ["less below", { number_operator: "less", number_from: 6 }, 5, true],
    ["less equal", { number_operator: "less", number_from: 5 }, 5, false],
    ["equal", { number_operator: "equal", number_from: 5 }, 5, true],
    ["not equal", { number_operator: "equal", number_from: 4 }, 5, false],
    ["more without from", { number_operator: "more", number_from: null }, 5, false],
  ] as const)("%s", (_name, fields, value, expected) => {
    expect(holds({ kind: "number", ...fields }, rating, value)).toBe(expected);
  });

  it("choice questions compare through their points", () => {
    const c = { kind: "number", number_operator: "equal", number_from: 5 } as const;
    expect(holds(c, multi, { answers: [11, 13] })).toBe(true);
    expect(holds(c, multi, { answers: [11, 12] })).toBe(false);
  });

  it("a slider with one value compares its number; two-sided and unanswered never hold", () => {
    const c = { kind: "number", number_operator: "more", number_from: 10 } as const;
    expect(holds(c, question(3, 7, { min: 0, max: 100 }), 50)).toBe(true);
    expect(holds(c, question(3, 7, { two_sided: true }), [50, 60])).toBe(false);
    expect(holds(c, question(3, 7, {}), undefined)).toBe(false);
    expect(holds(c, question(3, 4), "50")).toBe(false);
  });
});

describe("range conditions", () => {
  const slider = question(4, 7, { min: 0, max: 100, two_sided: true });
  const r = (op: Condition["range_operator"], from: number, to: number) =>
    ({ kind: "range", range_operator: op, range_from: from, range_to: to }) as const;
  it.each([
    ["inside", [20, 30], 10, 40, true],
    ["inside, equal ends", [10, 40], 10, 40, true],
    ["inside, sticking out", [5, 30], 10, 40, false],
    ["contains", [10, 40], 20, 30, true],
    ["contains, equal ends", [20, 30], 20, 30, true],
    ["contains, too short", [20, 29], 20, 30, false],
    ["outside, before", [0, 9], 10, 20, true],
    ["outside, after", [21, 30], 10, 20, true],
    ["outside, touching end", [20, 30], 10, 20, false],
    ["touches, shared end", [20, 30], 10, 20, true],
    ["touches, overlap", [15, 30], 10, 20, true],
    ["touches, apart", [21, 30], 10, 20, false],
  ] as const)("%s", (name, answer, from, to, expected) => {
    const op = name.split(",")[0] as Condition["range_operator"];
    expect(holds(r(op, from, to), slider, answer)).toBe(expected);
  });

  it("reversed condition bounds are read in order", () => {
    expect(holds(r("inside", 40, 10), slider, [20, 30])).toBe(true);
  });

  it("dates compare as instants, date-only strings at UTC midnight", () => {
    const dates = question(5, 6, { date_range: true, time: true });
    const c = (op: Condition["range_operator"]) =>
      ({
        kind: "range",
        range_operator: op,
        range_from: "2024-05-01",
        range_to: "2024-05-10T00:00:00Z",
      }) as const;
    expect(holds(c("inside"), dates, ["2024-05-01T00:00", "2024-05-10"])).toBe(true);
    expect(holds(c("inside"), dates, ["2024-05-01T00:00", "2024-05-10T00:00:01"])).toBe(false);
    expect(holds(c("inside"), dates, ["2024-05-01T03:00+02:00", "2024-05-02"])).toBe(true);
    expect(holds(c("inside"), dates, ["2024-05-01T01:00+02:00", "2024-05-02"])).toBe(false);
    expect(holds(c("outside"), dates, ["2024-04-01", "2024-04-30T23:59:59"])).toBe(true);
    expect(holds(c("touches"), dates, ["2024-04-01", "2024-05-01"])).toBe(true);
    expect(holds(c("contains"), dates, ["2024-04-01", "2024-06-01"])).toBe(true);
  });

  it("a single date counts as [d, d]; a bad bound never holds", () => {
    const date = question(6, 6);
    const c = {
      kind: "range",
      range_operator: "inside",
      range_from: "2024-05-01",
      range_to: "2024-05-10",
    } as const;
    expect(holds(c, date, "2024-05-05")).toBe(true);
    expect(holds(c, date, "2024-05-11")).toBe(false);
    expect(holds({ ...c, range_to: "someday" }, date, "2024-05-05")).toBe(false);
  });

  it("unanswered never holds, whatever the operator", () => {
    for (const op of ["inside", "contains", "outside", "touches"] as const) {
      expect(holds(r(op, 0, 100), slider, undefined)).toBe(false);
    }
  });

  const interval = fc
    .tuple(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 }))
    .map(([x, y]) => [Math.min(x, y), Math.max(x, y)] as const);
  /** Every half-integer point from -21 to 21: enough to witness any difference. */
  const points = Array.from({ length: 85 }, (_, i) => -21 + i / 2);
  const within = ([lo, hi]: readonly [number, number], p: number) => lo <= p && p <= hi;

  it("agree with their set definitions on random ranges", () => {
    fc.assert(
      fc.property(interval, interval, (answer, cond) => {
        const inA = points.filter((p) => within(answer, p));
        const inC = points.filter((p) => within(cond, p));
        expect(rangeHolds("inside", answer, cond)).toBe(inA.every((p) => within(cond, p)));
        expect(rangeHolds("contains", answer, cond)).toBe(inC.every((p) => within(answer, p)));
        expect(rangeHolds("touches", answer, cond)).toBe(inA.some((p) => within(cond, p)));
        expect(rangeHolds("outside", answer, cond)).toBe(!inA.some((p) => within(cond, p)));
      }),
    );
  });

  it("hold through conditionHolds exactly as the set definitions on a slider", () => {
    fc.assert(
      fc.property(interval, interval, (answer, [c, d]) => {
        const q = question(9, 7, { two_sided: true });
        const touches = holds(r("touches", c, d), q, answer);
        expect(holds(r("outside", c, d), q, answer)).toBe(!touches);
        expect(holds(r("inside", c, d), q, answer) && holds(r("contains", c, d), q, answer)).toBe(
          answer[0] === c && answer[1] === d,
        );
      }),
    );
  });
});

describe("conditionsHold", () => {
  const yes = condition(1, { answers: [11] });
  const no = condition(1, { answers: [12] });
  const subjectOf = (id: number) => (id === 1 ? subject(multi, { answers: [11] }) : undefined);
  it("all: every one holds (the default)", () => {
    expect(conditionsHold([yes, yes], "all", subjectOf)).toBe(true);
    expect(conditionsHold([yes, no], "all", subjectOf)).toBe(false);
    expect(conditionsHold([yes, no], undefined, subjectOf)).toBe(false);
  });
  it("any: at least one holds", () => {
    expect(conditionsHold([no, yes], "any", subjectOf)).toBe(true);
    expect(conditionsHold([no, no], "any", subjectOf)).toBe(false);
  });
  it("an empty list holds; a condition on an unknown or skipped question does not", () => {
    expect(conditionsHold([], "any", subjectOf)).toBe(true);
    expect(
      conditionsHold([condition(2, { answers: [21], answers_include: false })], "all", subjectOf),
    ).toBe(false);
  });
});
