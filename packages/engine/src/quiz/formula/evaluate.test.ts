import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FormulaOp } from "../../codes";
import type { FormulaElement } from "../types";
import { evaluateFormula } from "./evaluate";
import { parseFormula } from "./parse";

/** An expression tree, independent of the engine's AST. */
type Expr =
  | { k: "num"; v: number }
  | { k: "q"; id: number }
  | { k: "neg"; e: Expr }
  | { k: "bin"; op: 1 | 2 | 3 | 4 | 5 | 6; l: Expr; r: Expr };

const QUESTION_VALUES: Record<number, number | null> = { 1: 3, 2: -2, 3: 0.5, 4: null };

const { expr } = fc.letrec<{ expr: Expr; leaf: Expr }>((tie) => ({
  leaf: fc.oneof(
    fc.integer({ min: -4, max: 9 }).map((v): Expr => ({ k: "num", v })),
    fc.constantFrom(0.5, 2.25).map((v): Expr => ({ k: "num", v })),
    fc.constantFrom(1, 2, 3, 4).map((id): Expr => ({ k: "q", id })),
  ),
  expr: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    tie("leaf"),
    tie("expr").map((e): Expr => ({ k: "neg", e })),
    fc
      .tuple(
        fc.constantFrom(1, 2, 3, 4, 5, 6) as fc.Arbitrary<1 | 2 | 3 | 4 | 5 | 6>,
        tie("expr"),
        tie("expr"),
      )
      .map(([op, l, r]): Expr => ({ k: "bin", op, l, r })),
  ),
}));

/** The reference: evaluate the tree directly, with "no value" as null. */
function reference(e: Expr): number | null {
  const finite = (v: number | null) => (v !== null && Number.isFinite(v) ? v : null);
  if (e.k === "num") return e.v;
  if (e.k === "q") return QUESTION_VALUES[e.id] ?? null;
  if (e.k === "neg") {
    const v = reference(e.e);
    return v === null ? null : finite(-v);
  }
  const l = reference(e.l);
  const r = reference(e.r);
  if (l === null || r === null) return null;
  if ((e.op === 4 || e.op === 6) && r === 0) return null;
  const ops = [
    (a: number, b: number) => a + b,
    (a: number, b: number) => a - b,
    (a: number, b: number) => a * b,
    (a: number, b: number) => a / b,
    (a: number, b: number) => a ** b,
    (a: number, b: number) => a % b,
  ];
  const op = ops[e.op - 1];
  return op === undefined ? null : finite(op(l, r));
}

/** Binding strength: 1 Add/Sub, 2 Mul/Div/Mod, 3 minus sign, 4 Pow, 5 atoms. */
function strength(e: Expr): number {
  if (e.k === "num" || e.k === "q") return 5;
  if (e.k === "neg") return 3;
  return e.op === 5 ? 4 : e.op <= 2 ? 1 : 2;
}

const OP = (op: FormulaOp): FormulaElement => ({ kind: 2, op });

/**
 * Renders with the fewest brackets the precedence rules allow (plus random extra ones),
 * so the parser must get precedence and associativity right.
 */
function render(e: Expr, extra: () => boolean): FormulaElement[] {
  const child = (c: Expr, needed: number) => {
    const inner = render(c, extra);
    return strength(c) < needed || extra() ? [OP(7), ...inner, OP(8)] : inner;
  };
  if (e.k === "num") return [{ kind: 1, value: e.v }];
  if (e.k === "q") return [{ kind: 3, question: e.id }];
  if (e.k === "neg") return [OP(2), ...child(e.e, 3)];
  if (e.op === 5) return [...child(e.l, 5), OP(5), ...child(e.r, 3)];
  const level = strength(e);
  return [...child(e.l, level), OP(e.op), ...child(e.r, level + 1)];
}

describe("formula evaluation against a reference", () => {
  it("random well-formed expressions evaluate as their trees", () => {
    fc.assert(
      fc.property(expr, fc.infiniteStream(fc.nat(9).map((n) => n < 2)), (tree, coins) => {
        const iterator = coins[Symbol.iterator]();
        const elements = render(tree, () => iterator.next().value === true);
        const parsed = parseFormula(elements);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const actual = evaluateFormula(parsed.ast, (id) => QUESTION_VALUES[id] ?? null);
        expect(actual).toBe(reference(tree));
      }),
      { numRuns: 2000 },
    );
  });

  it("any element list parses or reports sorted errors inside the list, never throws", () => {
    const element = fc.oneof(
      fc.integer({ min: 0, max: 9 }).map((value): FormulaElement => ({ kind: 1, value })),
      fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 8).map((op) => OP(op as FormulaOp)),
      fc.constant<FormulaElement>({ kind: 3, question: 1 }),
    );
    fc.assert(
      fc.property(fc.array(element, { maxLength: 12 }), (elements) => {
        const parsed = parseFormula(elements);
        if (parsed.ok) return;
        expect(parsed.errors.length).toBeGreaterThan(0);
        const indexes = parsed.errors.map((e) => e.index);
        expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
        for (const index of indexes) {
          expect(index).toBeLessThan(Math.max(1, elements.length));
        }
      }),
      { numRuns: 2000 },
    );
  });
});
