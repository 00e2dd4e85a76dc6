import { FormulaElementKind, FormulaOp } from "../../codes";
import type { FormulaElement } from "../types";
import type { BinaryOp, FormulaError, FormulaNode } from "./ast";

const SUB = FormulaOp.Sub;
const POW = FormulaOp.Pow;
const OPEN = FormulaOp.Open;
const CLOSE = FormulaOp.Close;

/** An element reduced to what the grammar sees. */
type Token =
  | { t: "operand"; node: FormulaNode }
  | { t: "op"; op: BinaryOp; index: number }
  | { t: "open"; index: number }
  | { t: "close"; index: number }
  | { t: "invalid"; index: number };

function isBinaryOp(op: number): op is BinaryOp {
  return (
    op === FormulaOp.Add ||
    op === FormulaOp.Sub ||
    op === FormulaOp.Mul ||
    op === FormulaOp.Div ||
    op === FormulaOp.Pow ||
    op === FormulaOp.Mod
  );
}

function tokenize(elements: readonly FormulaElement[], errors: FormulaError[]): Token[] {
  const tokens: Token[] = [];
  elements.forEach((element, index) => {
    if (element.kind === FormulaElementKind.Number) {
      if (typeof element.value !== "number" || !Number.isFinite(element.value)) {
        errors.push({ index, code: "invalid_number" });
      }
      tokens.push({ t: "operand", node: { type: "number", value: element.value, index } });
    } else if (element.kind === FormulaElementKind.Question) {
      tokens.push({ t: "operand", node: { type: "question", question: element.question, index } });
    } else if (element.kind === FormulaElementKind.Operator) {
      const op: number = element.op;
      if (op === OPEN) tokens.push({ t: "open", index });
      else if (op === CLOSE) tokens.push({ t: "close", index });
      else if (isBinaryOp(op)) tokens.push({ t: "op", op, index });
      else {
        errors.push({ index, code: "unknown_operation" });
        tokens.push({ t: "invalid", index });
      }
    } else {
      errors.push({ index, code: "unknown_element" });
      tokens.push({ t: "invalid", index });
    }
  });
  return tokens;
}

/**
 * Checks the order of the tokens with a state machine (expecting an operand, after one,
 * or unknown after an invalid element) and the bracket balance, reporting every problem
 * with its element index.
 */
function checkStructure(tokens: readonly Token[], errors: FormulaError[]): void {
  let expectOperand: boolean | null = true;
  let previous: Token | undefined;
  const openBrackets: number[] = [];
  for (const token of tokens) {
    const index = token.t === "operand" ? token.node.index : token.index;
    if (token.t === "invalid") {
      expectOperand = null;
    } else if (token.t === "operand" || token.t === "open") {
      if (expectOperand === false) errors.push({ index, code: "two_operands_in_a_row" });
      if (token.t === "open") openBrackets.push(index);
      expectOperand = token.t === "open";
    } else if (token.t === "op") {
      if (expectOperand === true && token.op !== SUB) {
        const afterOperation = previous?.t === "op";
        errors.push({
          index,
          code: afterOperation ? "two_operations_in_a_row" : "leading_operation",
        });
      }
      expectOperand = true;
    } else {
      if (openBrackets.pop() === undefined) errors.push({ index, code: "unbalanced_brackets" });
      else if (previous?.t === "open") errors.push({ index, code: "empty_brackets" });
      else if (expectOperand === true) errors.push({ index, code: "missing_operand" });
      expectOperand = false;
    }
    previous = token;
  }
  if (previous?.t === "op") errors.push({ index: previous.index, code: "trailing_operation" });
  for (const index of openBrackets) errors.push({ index, code: "unbalanced_brackets" });
}

/** Recursive descent over tokens already known to be well-formed. */
class Parser {
  // Assigned in the constructor, not declared as class fields: the visitor runtime's build
  // target (es2020) would turn fields into a defineProperty helper (docs/adr/0007).
  declare private position: number;
  declare private readonly tokens: readonly Token[];
  constructor(tokens: readonly Token[]) {
    this.tokens = tokens;
    this.position = 0;
  }

  parse(): FormulaNode | null {
    const node = this.sum();
    return node !== null && this.position === this.tokens.length ? node : null;
  }

  private peekOp(ops: readonly number[]): (Token & { t: "op" }) | null {
    const token = this.tokens[this.position];
    return token?.t === "op" && ops.includes(token.op) ? token : null;
  }

  private binary(ops: readonly number[], next: () => FormulaNode | null): FormulaNode | null {
    let left = next();
    for (let token = this.peekOp(ops); left !== null && token; token = this.peekOp(ops)) {
      this.position++;
      const right = next();
      if (right === null) return null;
      left = { type: "binary", op: token.op, left, right, index: token.index };
    }
    return left;
  }

  /** Add and Sub, left-associative. */
  private sum(): FormulaNode | null {
    return this.binary([FormulaOp.Add, FormulaOp.Sub], () => this.product());
  }

  /** Mul, Div and Mod, left-associative. */
  private product(): FormulaNode | null {
    return this.binary([FormulaOp.Mul, FormulaOp.Div, FormulaOp.Mod], () => this.signed());
  }

  /** A minus sign applies to the whole power after it: -2^2 = -(2^2). */
  private signed(): FormulaNode | null {
    const minus = this.peekOp([SUB]);
    if (minus === null) return this.power();
    this.position++;
    const operand = this.signed();
    return operand && { type: "negate", operand, index: minus.index };
  }

  /** Pow, right-associative; its exponent may carry a sign: 2^-1. */
  private power(): FormulaNode | null {
    const base = this.primary();
    const token = this.peekOp([POW]);
    if (base === null || token === null) return base;
    this.position++;
    const exponent = this.signed();
    return exponent && { type: "binary", op: POW, left: base, right: exponent, index: token.index };
  }

  private primary(): FormulaNode | null {
    const token = this.tokens[this.position];
    if (token?.t === "operand") {
      this.position++;
      return token.node;
    }
    if (token?.t !== "open") return null;
    this.position++;
    const inner = this.sum();
    if (inner === null || this.tokens[this.position]?.t !== "close") return null;
    this.position++;
    return inner;
  }
}

export type ParseResult = { ok: true; ast: FormulaNode } | { ok: false; errors: FormulaError[] };

/**
 * Parses a formula's element list into a tree. Precedence: brackets, Pow (right-assoc),
 * Mul/Div/Mod, Add/Sub (left-assoc). A Sub at the start, after an operation or after "("
 * is a minus sign. Errors are ordered by element index.
 */
export function parseFormula(elements: readonly FormulaElement[]): ParseResult {
  if (elements.length === 0) return { ok: false, errors: [{ index: 0, code: "empty" }] };
  const errors: FormulaError[] = [];
  const tokens = tokenize(elements, errors);
  checkStructure(tokens, errors);
  if (errors.length > 0) {
    return { ok: false, errors: errors.sort((a, b) => a.index - b.index) };
  }
  const ast = new Parser(tokens).parse();
  // Unreachable once the structure check passes; kept so the type needs no assertion.
  if (ast === null) return { ok: false, errors: [{ index: 0, code: "unknown_element" }] };
  return { ok: true, ast };
}
