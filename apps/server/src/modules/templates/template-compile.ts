import {
  AdditionType,
  ConditionMode,
  FormFieldType,
  type FormulaElement,
  FormulaElementKind,
  FormulaOp,
  type QuestionType,
  ResultType,
} from "@leadquiz/contract";
import {
  type Addition,
  type Condition,
  type FormField,
  type Question,
  type QuizSnapshot,
  questionTypes,
  questionTypeTraits,
  type Result,
} from "@leadquiz/engine";
import type {
  LocalizedText,
  TemplateCondition,
  TemplateFile,
  TemplateLanguage,
  TemplateQuestionType,
} from "./template-file";

/**
 * A template file in one language with local ids: questions 1..n, answers numbered across
 * the template, results 1..m. The engine check walks it as a snapshot; the seed maps each
 * local id to the row it creates (docs/templates.md).
 */

/** The code of each question type's name (every name has one: they come from the same table). */
export const questionTypeCodes = Object.fromEntries(
  questionTypes.map((type) => [questionTypeTraits[type].key, type]),
) as Record<TemplateQuestionType, QuestionType>;

export const resultTypeCodes = {
  const: ResultType.Const,
  formula: ResultType.Formula,
  sum: ResultType.Sum,
} as const;

export const conditionModeCodes = {
  none: ConditionMode.None,
  logic: ConditionMode.Logic,
  formula: ConditionMode.Formula,
  range: ConditionMode.Range,
} as const;

export const formFieldTypeCodes = {
  name: FormFieldType.Name,
  phone: FormFieldType.Phone,
  email: FormFieldType.Email,
  other: FormFieldType.Other,
  other2: FormFieldType.Other2,
} as const;

export const additionTypeCodes = {
  bonus: AdditionType.Bonus,
  discount: AdditionType.Discount,
  consultant: AdditionType.Consultant,
} as const;

export function isChoice(type: TemplateQuestionType): boolean {
  return questionTypeTraits[questionTypeCodes[type]].hasAnswers;
}

export function text(value: LocalizedText | undefined, language: TemplateLanguage): string {
  return value === undefined ? "" : value[language];
}

/** Local ids of a template's keys. */
export interface TemplateIds {
  questions: Map<string, number>;
  answers: Map<string, { id: number; question: string }>;
}

export function templateIds(file: TemplateFile): TemplateIds {
  const questions = new Map<string, number>();
  const answers = new Map<string, { id: number; question: string }>();
  let answerId = 0;
  file.questions.forEach((question, index) => {
    questions.set(question.key, index + 1);
    for (const answer of question.answers ?? []) {
      answerId += 1;
      answers.set(answer.key, { id: answerId, question: question.key });
    }
  });
  return { questions, answers };
}

const OPERATORS: Record<string, FormulaOp> = {
  "+": FormulaOp.Add,
  "-": FormulaOp.Sub,
  "*": FormulaOp.Mul,
  "/": FormulaOp.Div,
  "^": FormulaOp.Pow,
  "%": FormulaOp.Mod,
  "(": FormulaOp.Open,
  ")": FormulaOp.Close,
};

const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|\{([a-z0-9][a-z0-9_.-]*)\}|([-+*/^%()]))\s*/y;

/**
 * A formula text ("{area} * {finish} + 300") as formula elements, the question keys
 * resolved by `questionId`. Throws on a character it cannot read or an unknown key.
 */
export function compileFormula(
  source: string,
  questionId: (key: string) => number | undefined,
): FormulaElement[] {
  const elements: FormulaElement[] = [];
  TOKEN.lastIndex = 0;
  let position = 0;
  while (position < source.length) {
    TOKEN.lastIndex = position;
    const match = TOKEN.exec(source);
    if (match === null || match[0] === "") {
      if (source.slice(position).trim() === "") break;
      throw new Error(`formula: cannot read "${source.slice(position)}"`);
    }
    position = TOKEN.lastIndex;
    const [, number, key, operator] = match;
    if (number !== undefined)
      elements.push({ kind: FormulaElementKind.Number, value: Number(number) });
    else if (key !== undefined) {
      const id = questionId(key);
      if (id === undefined) throw new Error(`formula: unknown question "${key}"`);
      elements.push({ kind: FormulaElementKind.Question, question: id });
    } else if (operator !== undefined) {
      elements.push({ kind: FormulaElementKind.Operator, op: OPERATORS[operator] as FormulaOp });
    }
  }
  return elements;
}

/** A condition with local ids (throws on an unknown key). */
export function compileCondition(condition: TemplateCondition, ids: TemplateIds): Condition {
  const ref = ids.questions.get(condition.question);
  if (ref === undefined) throw new Error(`condition: unknown question "${condition.question}"`);
  switch (condition.kind) {
    case "answers":
      return {
        kind: "answers",
        ref_question: ref,
        answers: condition.answers.map((key) => {
          const answer = ids.answers.get(key);
          if (answer === undefined || answer.question !== condition.question) {
            throw new Error(`condition: "${key}" is not an answer of "${condition.question}"`);
          }
          return answer.id;
        }),
        answers_include: condition.answers_include ?? true,
        answers_operator: condition.answers_operator ?? "or",
      };
    case "number":
      return {
        kind: "number",
        ref_question: ref,
        number_operator: condition.number_operator,
        number_from: condition.number_from,
        number_to: condition.number_to ?? null,
      };
    case "range":
      return {
        kind: "range",
        ref_question: ref,
        range_operator: condition.range_operator,
        range_from: condition.range_from,
        range_to: condition.range_to,
      };
  }
}

/** The template in one language as an engine snapshot with local ids. */
export function templateSnapshot(file: TemplateFile, language: TemplateLanguage): QuizSnapshot {
  const ids = templateIds(file);
  const questionId = (key: string) => ids.questions.get(key);
  const questions: Question[] = file.questions.map((question, index) => ({
    id: index + 1,
    sort: index + 1,
    type: questionTypeCodes[question.type],
    required: question.required ?? true,
    title: text(question.title, language),
    config: {
      ...question.config,
      placeholder: undefined,
    },
    answers: (question.answers ?? []).map((answer, answerIndex) => ({
      id: ids.answers.get(answer.key)?.id ?? 0,
      sort: answerIndex + 1,
      text: text(answer.text, language),
      points: answer.points ?? 0,
      is_right: answer.is_right ?? false,
    })),
    conditions: (question.conditions ?? []).map((condition) => compileCondition(condition, ids)),
  }));
  const results: Result[] = file.results.map((result, index) => ({
    id: index + 1,
    sort: index + 1,
    type: resultTypeCodes[result.type],
    condition_mode: conditionModeCodes[result.condition_mode ?? "none"],
    title: text(result.title, language),
    formula: result.formula === undefined ? [] : compileFormula(result.formula, questionId),
    use_general_formula: result.use_general_formula ?? false,
    range_from: result.range_from ?? null,
    range_to: result.range_to ?? null,
    output: (result.output ?? []).map((row) => ({
      from: row.from,
      to: row.to,
      value: text(row.value, language),
    })),
    unit: result.unit ?? null,
    conditions: (result.conditions ?? []).map((condition) => compileCondition(condition, ids)),
    config: { conditions_match: result.conditions_match ?? "all" },
  }));
  const settings = file.results_settings ?? {};
  const fields: FormField[] = file.form_fields.map((field, index) => ({
    id: index + 1,
    sort: index + 1,
    type: formFieldTypeCodes[field.type],
    label: text(field.label, language),
    required: field.required ?? false,
    enabled: field.enabled ?? true,
  }));
  const additions: Addition[] = (file.additions ?? []).map((addition, index) => {
    const base = {
      id: index + 1,
      sort: index + 1,
      enabled: true,
      display: addition.display ?? "all",
    };
    switch (addition.type) {
      case "bonus":
        return {
          ...base,
          type: AdditionType.Bonus,
          settings: {
            name: text(addition.settings.name, language),
            discount_amount: text(addition.settings.discount_amount, language),
            link: "",
          },
        };
      case "discount":
        return { ...base, type: AdditionType.Discount, settings: addition.settings };
      default:
        return {
          ...base,
          type: AdditionType.Consultant,
          settings: {
            name: text(addition.settings.name, language),
            job_title: text(addition.settings.job_title, language),
            text: text(addition.settings.text, language),
          },
        };
    }
  });
  return {
    start_page: {
      enabled: file.start_page.enabled ?? true,
      title: text(file.start_page.title, language),
    },
    questions,
    results,
    results_settings: {
      show_several: settings.show_several ?? false,
      position: settings.position ?? "after_form",
      output_format: settings.output_format ?? "logic",
      general_formula:
        settings.general_formula === undefined
          ? []
          : compileFormula(settings.general_formula, questionId),
    },
    additions,
    fields,
    contact_form: {},
  };
}
