import type { FormulaOp } from "../codes";
import type {
  Addition,
  Condition,
  FormulaElement,
  Question,
  QuestionConfig,
  QuizSnapshot,
  Result,
} from "./types";

/** A choice question (List) with answers worth the given points, ids `id * 10 + n`. */
export function choice(
  id: number,
  points: readonly number[] = [1, 2],
  config: QuestionConfig = {},
  extra: Partial<Question> = {},
): Question {
  return {
    id,
    sort: id,
    type: 1,
    required: false,
    config,
    answers: points.map((p, n) => ({ id: id * 10 + n + 1, sort: n, text: `A${n + 1}`, points: p })),
    conditions: [],
    ...extra,
  };
}

export function question(
  id: number,
  type: Question["type"],
  config: QuestionConfig = {},
  extra: Partial<Question> = {},
): Question {
  return { id, sort: id, type, required: false, config, answers: [], conditions: [], ...extra };
}

export function condition(ref: number, fields: Partial<Condition>): Condition {
  return { kind: "answers", ref_question: ref, ...fields };
}

export function result(id: number, fields: Partial<Result> = {}): Result {
  return {
    id,
    sort: id,
    type: 1,
    condition_mode: 0,
    formula: [],
    use_general_formula: false,
    range_from: null,
    range_to: null,
    output: [],
    unit: null,
    conditions: [],
    config: {},
    title: `Result ${id}`,
    ...fields,
  };
}

export function discount(
  id: number,
  discount_type: "ordinary" | "growing",
  max_discount: number,
  fields: Partial<Pick<Addition, "enabled" | "display" | "sort">> = {},
): Addition {
  return {
    id,
    type: 2,
    enabled: true,
    display: "all",
    settings: { max_discount, discount_type },
    ...fields,
  };
}

export function snapshot(fields: Partial<QuizSnapshot> = {}): QuizSnapshot {
  return {
    start_page: { enabled: false },
    questions: [],
    results: [],
    results_settings: {
      show_several: false,
      position: "before_form",
      output_format: "points",
      general_formula: [],
    },
    additions: [],
    fields: [],
    contact_form: {},
    ...fields,
  };
}

/** Formula elements from a compact notation: numbers, "q7" questions, operator symbols. */
export function f(...parts: ReadonlyArray<number | string>): FormulaElement[] {
  const ops: Record<string, FormulaOp> = {
    "+": 1,
    "-": 2,
    "*": 3,
    "/": 4,
    "^": 5,
    "%": 6,
    "(": 7,
    ")": 8,
  };
  return parts.map((part): FormulaElement => {
    if (typeof part === "number") return { kind: 1, value: part };
    if (part.startsWith("q")) return { kind: 3, question: Number(part.slice(1)) };
    const op = ops[part];
    if (op === undefined) throw new Error(`unknown part ${part}`);
    return { kind: 2, op };
  });
}
