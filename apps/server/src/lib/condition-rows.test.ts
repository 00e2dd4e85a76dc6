import { describe, expect, it } from "vitest";
import {
  type ConditionColumns,
  columnsOfCondition,
  conditionOfRow,
  copiedConditionColumns,
} from "./condition-rows";

const row: ConditionColumns & { id: number } = {
  id: 7,
  refQuestionId: 11,
  kind: "answers",
  answers: [21, 22],
  answersInclude: false,
  answersOperator: "and",
  numberOperator: "more",
  numberFrom: 1.5,
  numberTo: null,
  rangeOperator: "outside",
  rangeFrom: "2026-03-01",
  rangeTo: 4,
};

describe("condition rows", () => {
  it("reads a row as the engine's condition and writes it back unchanged", () => {
    const condition = conditionOfRow(row);
    expect(condition).toEqual({
      id: 7,
      ref_question: 11,
      kind: "answers",
      answers: [21, 22],
      answers_include: false,
      answers_operator: "and",
      number_operator: "more",
      number_from: 1.5,
      number_to: null,
      range_operator: "outside",
      range_from: "2026-03-01",
      range_to: 4,
    });
    const { id: _id, ...columns } = row;
    expect(columnsOfCondition(condition)).toEqual(columns);
  });

  it("writes the column defaults for what a condition leaves out, each answer once", () => {
    expect(columnsOfCondition({ ref_question: 3, kind: "answers", answers: [4, 4, 5] })).toEqual({
      refQuestionId: 3,
      kind: "answers",
      answers: [4, 5],
      answersInclude: true,
      answersOperator: "or",
      numberOperator: "in_range",
      numberFrom: null,
      numberTo: null,
      rangeOperator: "inside",
      rangeFrom: null,
      rangeTo: null,
    });
  });

  it("points a copy to the copied question and answers, dropping answers without a copy", () => {
    const copy = copiedConditionColumns(row, {
      question: (id) => id + 100,
      answer: (id) => (id === 21 ? 121 : undefined),
    });
    expect(copy).toMatchObject({ refQuestionId: 111, answers: [121], answersOperator: "and" });
    expect(copy).not.toHaveProperty("id");
    expect(copiedConditionColumns(row)).toMatchObject({ refQuestionId: 11, answers: [21, 22] });
  });
});
