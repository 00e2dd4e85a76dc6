/**
 * Types of the published quiz snapshot as the quiz engine reads it. Field names are those
 * of the OpenAPI document (snake_case; docs/api.md). Optional config keys take the
 * defaults noted beside them.
 */

import type {
  AdditionType,
  ConditionMode,
  FormFieldType,
  FormulaElementKind,
  FormulaOp,
  QuestionType,
  ResultType,
} from "../codes";

export type ConditionsMatch = "all" | "any";

export interface QuestionConfig {
  multi_answers?: boolean | undefined; // false
  own_answer?: boolean | undefined; // false
  yes_no?: boolean | undefined; // false
  quantity_of_answers?: number | undefined; // rating scale, 2-10 (5 when missing)
  min?: number | undefined;
  max?: number | undefined;
  step?: number | undefined;
  two_sided?: boolean | undefined; // false
  unit?: string | null | undefined;
  time?: boolean | undefined; // false
  date_range?: boolean | undefined; // false
  conditions_match?: ConditionsMatch | undefined; // "all"
}

export interface Answer {
  id: number;
  sort?: number | undefined;
  text: string;
  /** Absent in a snapshot whose results are gated (docs/security.md "Gated results"). */
  points?: number | undefined;
  is_right?: boolean | undefined;
}

/**
 * The kinds of a condition and the operators of each, once for the whole product: the
 * contract's enums, the server's columns and the editor's choices are built from these
 * lists (docs/quiz-model.md "Conditions").
 */
export const conditionKinds = ["answers", "number", "range"] as const;
export const answersOperators = ["and", "or"] as const;
export const numberOperators = ["in_range", "more", "less", "equal"] as const;
export const rangeOperators = ["inside", "contains", "outside", "touches"] as const;

export type ConditionKind = (typeof conditionKinds)[number];
export type AnswersOperator = (typeof answersOperators)[number];
export type NumberOperator = (typeof numberOperators)[number];
export type RangeOperator = (typeof rangeOperators)[number];

/** A question condition or a result condition (the owner's id is not needed here). */
export interface Condition {
  id?: number | undefined;
  kind: ConditionKind;
  ref_question: number;
  answers?: readonly number[] | undefined;
  answers_include?: boolean | undefined; // true
  answers_operator?: AnswersOperator | undefined; // "or"
  number_operator?: NumberOperator | undefined;
  number_from?: number | null | undefined;
  number_to?: number | null | undefined;
  range_operator?: RangeOperator | undefined;
  /** A number for a Slider, an ISO date or date-time string for a Date question. */
  range_from?: number | string | null | undefined;
  range_to?: number | string | null | undefined;
}

export interface Question {
  id: number;
  sort?: number | undefined;
  type: QuestionType;
  required: boolean;
  config: QuestionConfig;
  answers: readonly Answer[];
  conditions: readonly Condition[];
  title?: string | undefined;
  description?: string | undefined;
  button_text?: string | undefined;
}

export type FormulaElement =
  | { kind: typeof FormulaElementKind.Number; value: number }
  | { kind: typeof FormulaElementKind.Operator; op: FormulaOp }
  | { kind: typeof FormulaElementKind.Question; question: number };

export interface OutputRow {
  from: number | null;
  to: number | null;
  value: string;
}

export interface Result {
  id: number;
  sort?: number | undefined;
  type: ResultType;
  condition_mode: ConditionMode;
  formula: readonly FormulaElement[];
  use_general_formula: boolean;
  range_from: number | null;
  range_to: number | null;
  output: readonly OutputRow[];
  unit: string | null;
  conditions: readonly Condition[];
  config: { conditions_match?: ConditionsMatch | undefined };
  // Display texts, passed through untouched.
  title?: string | undefined;
  description?: string | undefined;
  additional_description?: string | undefined;
  media?: string | null | undefined;
  show_total?: boolean | undefined;
  button_text?: string | undefined;
  button_link?: string | undefined;
  send_to_email?: boolean | undefined;
}

export interface ResultsSettings {
  show_several: boolean;
  position: "before_form" | "after_form";
  output_format: "logic" | "function" | "points" | "none";
  general_formula: readonly FormulaElement[];
}

export type AdditionDisplay = "all_except_start" | "contact_only" | "all";

export interface DiscountSettings {
  max_discount: number;
  discount_type: "ordinary" | "growing";
}

export type Addition = {
  id: number;
  sort?: number | undefined;
  enabled: boolean;
  display: AdditionDisplay;
  image?: string | null | undefined;
} & (
  | {
      type: typeof AdditionType.Bonus;
      settings: { name: string; discount_amount: string | number; link: string };
    }
  | { type: typeof AdditionType.Discount; settings: DiscountSettings }
  | {
      type: typeof AdditionType.Consultant;
      settings: { name: string; job_title: string; text: string };
    }
);

export interface FormField {
  id: number;
  sort?: number | undefined;
  type: FormFieldType;
  label?: string | undefined;
  placeholder?: string | undefined;
  required: boolean;
  enabled: boolean;
}

export interface QuizSnapshot {
  start_page: {
    enabled: boolean;
    title?: string | undefined;
    description?: string | undefined;
    button_text?: string | undefined;
  };
  questions: readonly Question[];
  results: readonly Result[];
  results_settings: ResultsSettings;
  additions: readonly Addition[];
  fields: readonly FormField[];
  contact_form: {
    thank_you_url?: string | null | undefined;
    auto_redirect_url?: string | null | undefined;
    privacy_policy_url?: string | null | undefined;
  };
}

/** The answer to a List, Cards or Select question. */
export interface ChoiceAnswer {
  answers: readonly number[];
  own_text?: string | undefined;
}

/** A closed interval, ends included. */
export type Pair<T> = readonly [T, T];

/**
 * An answer by question type: choice (List, Cards, Select) `ChoiceAnswer`; Text a string;
 * Rating a number; Date an ISO date or date-time, or a pair of them with `date_range`;
 * Slider a number, or a pair with `two_sided`.
 */
export type AnswerValue = ChoiceAnswer | string | number | Pair<string> | Pair<number>;

/** Answers given so far, by question id. */
export type AnswerMap = Readonly<Partial<Record<number, AnswerValue>>>;

/** A screen of the visitor's flow. */
export type Step =
  | { kind: "start" }
  | { kind: "question"; question: number }
  | { kind: "results" }
  | { kind: "form" }
  | { kind: "thank_you"; redirect_url: string | null };
