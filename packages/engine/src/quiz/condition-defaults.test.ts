import { describe, expect, it } from "vitest";
import { completeCondition } from "./condition-defaults";

describe("completeCondition", () => {
  it("writes the defaults of every field left out", () => {
    expect(completeCondition({ ref_question: 3, kind: "number", number_from: 2 })).toEqual({
      ref_question: 3,
      kind: "number",
      answers: [],
      answers_include: true,
      answers_operator: "or",
      number_operator: "in_range",
      number_from: 2,
      number_to: null,
      range_operator: "inside",
      range_from: null,
      range_to: null,
    });
  });

  it("keeps what is given, drops the id and copies the answers", () => {
    const answers = [5, 6];
    const complete = completeCondition({
      id: 9,
      ref_question: 1,
      kind: "answers",
      answers,
      answers_include: false,
      answers_operator: "and",
      range_operator: "touches",
      range_from: "2026-01-01",
    });
    expect(complete).not.toHaveProperty("id");
    expect(complete.answers).toEqual([5, 6]);
    expect(complete.answers).not.toBe(answers);
    expect(complete).toMatchObject({
      answers_include: false,
      answers_operator: "and",
      range_operator: "touches",
      range_from: "2026-01-01",
      range_to: null,
    });
  });
});
