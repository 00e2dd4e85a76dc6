import { type QuestionOption, type QuestionType, questionTypeTraits } from "@leadquiz/engine";

/** The question types in the order the "Add question" menu offers them (the engine's). */
export { questionTypes } from "@leadquiz/engine";

/** Whether questions of the type have answers (List, Cards, Select). */
export function hasAnswers(type: QuestionType): boolean {
  return questionTypeTraits[type].hasAnswers;
}

/** The i18n key part of a type (`questions:types.<key>.name`). */
export function typeKey(type: QuestionType): string {
  return questionTypeTraits[type].key;
}

/**
 * Which `config` options the type's editor offers, as the visitor runtime reads them
 * (docs/editor.md "Questions and logic"). Every type also has the media's
 * `image_position` and the `video_consultant` of its video link.
 */
export function editorOptions(type: QuestionType): readonly QuestionOption[] {
  return questionTypeTraits[type].editorOptions;
}
