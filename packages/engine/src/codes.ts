/**
 * The numeric codes of the API (smallint columns and formula elements), named once for the
 * server, the engine, the runtime and the web app. Each set is an `as const` object and a
 * union type of the same name. This module has no dependencies: the contract re-exports it
 * as `@leadquiz/contract/codes`, which the visitor runtime imports without the schemas.
 * docs/codes.md lists every code and what it means.
 */

type CodeOf<T> = T[keyof T];

/** `questions.type`: what a question asks and how the visitor answers. */
export const QuestionType = {
  List: 1,
  Cards: 2,
  Select: 3,
  Text: 4,
  Rating: 5,
  Date: 6,
  Slider: 7,
} as const;
export type QuestionType = CodeOf<typeof QuestionType>;

/**
 * What an answer to a question type is, as the engine reads it (`readAnswer`): the value
 * the lead carries, the condition kinds it supports, the answers a template check tries.
 */
export type AnswerValueKind = "choice" | "text" | "rating" | "date" | "slider";

/** The input the visitor runtime shows for a question type (apps/runtime/src/questions). */
export type QuestionLayout = "list" | "cards" | "select" | "text" | "rating" | "date" | "slider";

/**
 * The `config` options the editor offers for a type; the other keys of `config` are set
 * elsewhere (`image_position` and `video_consultant` by every type's media,
 * `conditions_match` by its logic).
 */
export type QuestionOption =
  | "multi_answers"
  | "yes_no"
  | "own_answer"
  | "image_format"
  | "placeholder"
  | "quantity_of_answers"
  | "range"
  | "two_sided"
  | "unit"
  | "date_range"
  | "time";

/** What each place that handles questions needs to know of a question type. */
export interface QuestionTypeTraits {
  /** Its name: a template file's `type` and the editor's texts (`questions:types.<key>`). */
  key: string;
  /**
   * Whether its questions have answer rows: a new question gets two, a type change away
   * deletes them, and `answers` conditions refer to them.
   */
  hasAnswers: boolean;
  /** What an answer is (see `AnswerValueKind`). */
  value: AnswerValueKind;
  /** The visitor runtime's input. */
  layout: QuestionLayout;
  /** Whether a click on an answer moves on by itself (`design.auto_advance`, one answer). */
  autoAdvance: boolean;
  /** Whether the editor offers an image for each answer. */
  answerImages: boolean;
  /** The `config` options the editor offers, in its order (docs/editor.md). */
  editorOptions: readonly QuestionOption[];
}

/**
 * Every question type's traits, in the order the editor's "Add question" menu offers them.
 * A new `QuestionType` fails to compile until it has its entry here; the places that still
 * switch over a type or a trait end in `assertNever` (CONTRIBUTING.md "Adding a question
 * type").
 */
export const questionTypeTraits = {
  [QuestionType.List]: {
    key: "list",
    hasAnswers: true,
    value: "choice",
    layout: "list",
    autoAdvance: true,
    answerImages: true,
    editorOptions: ["multi_answers", "yes_no", "own_answer", "image_format"],
  },
  [QuestionType.Cards]: {
    key: "cards",
    hasAnswers: true,
    value: "choice",
    layout: "cards",
    autoAdvance: true,
    answerImages: true,
    editorOptions: ["multi_answers", "yes_no", "own_answer", "image_format"],
  },
  [QuestionType.Select]: {
    key: "select",
    hasAnswers: true,
    value: "choice",
    layout: "select",
    autoAdvance: false,
    answerImages: false,
    editorOptions: ["multi_answers", "own_answer", "placeholder"],
  },
  [QuestionType.Text]: {
    key: "text",
    hasAnswers: false,
    value: "text",
    layout: "text",
    autoAdvance: false,
    answerImages: false,
    editorOptions: ["placeholder"],
  },
  [QuestionType.Rating]: {
    key: "rating",
    hasAnswers: false,
    value: "rating",
    layout: "rating",
    autoAdvance: false,
    answerImages: false,
    editorOptions: ["quantity_of_answers"],
  },
  [QuestionType.Date]: {
    key: "date",
    hasAnswers: false,
    value: "date",
    layout: "date",
    autoAdvance: false,
    answerImages: false,
    editorOptions: ["date_range", "time"],
  },
  [QuestionType.Slider]: {
    key: "slider",
    hasAnswers: false,
    value: "slider",
    layout: "slider",
    autoAdvance: false,
    answerImages: false,
    editorOptions: ["range", "two_sided", "unit"],
  },
} as const satisfies Record<QuestionType, QuestionTypeTraits>;

/** A question type's name (`questionTypeTraits[type].key`). */
export type QuestionTypeKey = (typeof questionTypeTraits)[QuestionType]["key"];

/** Every question type, in the order of `questionTypeTraits`. */
export const questionTypes: readonly QuestionType[] = Object.values(QuestionType);

/** `kind` of a formula element: a number, an operator or a question's value. */
export const FormulaElementKind = {
  Number: 1,
  Operator: 2,
  Question: 3,
} as const;
export type FormulaElementKind = CodeOf<typeof FormulaElementKind>;

/** `op` of an operator element of a formula. */
export const FormulaOp = {
  Add: 1,
  Sub: 2,
  Mul: 3,
  Div: 4,
  Pow: 5,
  Mod: 6,
  Open: 7,
  Close: 8,
} as const;
export type FormulaOp = CodeOf<typeof FormulaOp>;

/** `results.type`: what a result shows as its value. */
export const ResultType = {
  Const: 1,
  Formula: 2,
  Sum: 3,
} as const;
export type ResultType = CodeOf<typeof ResultType>;

/** `results.condition_mode`: when a result is shown. */
export const ConditionMode = {
  None: 0,
  Logic: 1,
  Formula: 2,
  Range: 3,
} as const;
export type ConditionMode = CodeOf<typeof ConditionMode>;

/** `additions.type`: which addition a quiz shows beside its screens. */
export const AdditionType = {
  Bonus: 1,
  Discount: 2,
  Consultant: 3,
} as const;
export type AdditionType = CodeOf<typeof AdditionType>;

/** `form_fields.type`: which contact a form field asks for. */
export const FormFieldType = {
  Name: 1,
  Phone: 2,
  Email: 3,
  Other: 4,
  Other2: 5,
} as const;
export type FormFieldType = CodeOf<typeof FormFieldType>;

/** The contact (a lead's `contacts.<key>`) each form field type fills. */
export const formFieldKeys = {
  [FormFieldType.Name]: "name",
  [FormFieldType.Phone]: "phone",
  [FormFieldType.Email]: "email",
  [FormFieldType.Other]: "other",
  [FormFieldType.Other2]: "other2",
} as const satisfies Record<FormFieldType, string>;
export type FormFieldKey = (typeof formFieldKeys)[FormFieldType];

/**
 * The messengers (of the contract's `messengers`) that reach a person by phone number: a
 * visitor who picks one of these may leave its handle empty, and the lead carries the
 * form's phone for it.
 */
export const phoneMessengers = ["telegram", "whatsapp", "viber", "signal"] as const;

/** `quiz_configs.icon_kind`: what the floating button of a button-mode quiz shows. */
export const IconKind = {
  Icon: 1,
  Video: 2,
  Consultant: 3,
} as const;
export type IconKind = CodeOf<typeof IconKind>;

/** `leads.source`: where a lead came from. */
export const LeadSource = {
  Form: 0,
  SocialNetwork: 1,
} as const;
export type LeadSource = CodeOf<typeof LeadSource>;
