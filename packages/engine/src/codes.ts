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
