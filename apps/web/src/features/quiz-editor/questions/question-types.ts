import { QuestionType } from "@leadquiz/contract";

/** The question types in the order the "Add question" menu offers them. */
export const questionTypes = [
  QuestionType.List,
  QuestionType.Cards,
  QuestionType.Select,
  QuestionType.Text,
  QuestionType.Rating,
  QuestionType.Date,
  QuestionType.Slider,
] as const;
export type QuestionTypeCode = (typeof questionTypes)[number];

/** The i18n key part of each type (`questions:types.<key>.name`). */
export const questionTypeKeys: Record<QuestionTypeCode, string> = {
  [QuestionType.List]: "list",
  [QuestionType.Cards]: "cards",
  [QuestionType.Select]: "select",
  [QuestionType.Text]: "text",
  [QuestionType.Rating]: "rating",
  [QuestionType.Date]: "date",
  [QuestionType.Slider]: "slider",
};

/** Config options the editor offers; the others of `config` are set elsewhere (conditions_match). */
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

/**
 * Which `config` options each type uses, as the visitor runtime reads them (docs/editor.md
 * "Questions and logic"). Every type also has the media's `image_position` and the
 * `video_consultant` of its video link.
 */
export const optionsByType: Record<QuestionTypeCode, readonly QuestionOption[]> = {
  [QuestionType.List]: ["multi_answers", "yes_no", "own_answer", "image_format"],
  [QuestionType.Cards]: ["multi_answers", "yes_no", "own_answer", "image_format"],
  [QuestionType.Select]: ["multi_answers", "own_answer", "placeholder"],
  [QuestionType.Text]: ["placeholder"],
  [QuestionType.Rating]: ["quantity_of_answers"],
  [QuestionType.Date]: ["date_range", "time"],
  [QuestionType.Slider]: ["range", "two_sided", "unit"],
};

/** Types whose questions have answers (List, Cards, Select). */
export function hasAnswers(type: number): boolean {
  return type === QuestionType.List || type === QuestionType.Cards || type === QuestionType.Select;
}

export function typeKey(type: number): string {
  return questionTypeKeys[type as QuestionTypeCode] ?? "list";
}
