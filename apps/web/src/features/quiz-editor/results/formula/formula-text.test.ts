import { FormulaElementKind, FormulaOp } from "@leadquiz/contract";
import { describe, expect, it } from "vitest";
import { formulaText, insertElement } from "./formula-text";

const q = (question: number) => ({ kind: FormulaElementKind.Question, question }) as const;
const n = (value: number) => ({ kind: FormulaElementKind.Number, value }) as const;
const op = (code: FormulaOp) => ({ kind: FormulaElementKind.Operator, op: code }) as const;

describe("a formula as text", () => {
  it("reads with operator symbols and tight brackets", () => {
    const label = (id: number) => `Q${id}`;
    expect(
      formulaText(
        [
          q(1),
          op(FormulaOp.Mul),
          n(1000),
          op(FormulaOp.Add),
          op(FormulaOp.Open),
          q(2),
          op(FormulaOp.Sub),
          n(5),
          op(FormulaOp.Close),
        ],
        label,
      ),
    ).toBe("Q1 × 1000 + (Q2 − 5)");
    expect(formulaText([], label)).toBe("");
  });

  it("inserts after the chosen element or at the end", () => {
    expect(insertElement([n(1), n(3)], n(2), 0)).toEqual([n(1), n(2), n(3)]);
    expect(insertElement([n(1)], n(2), null)).toEqual([n(1), n(2)]);
    expect(insertElement([n(1)], n(0), -1)).toEqual([n(0), n(1)]);
  });
});
