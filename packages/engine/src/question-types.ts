import { assertNever } from "./assert-never";
import { QuestionType } from "./codes";

/**
 * What each place that handles questions needs to know of a question type (CONTRIBUTING.md
 * "Adding a question type"). The table serves the server and the editor; the visitor's
 * side (the engine's readers, the runtime) does not load it, as its first load has a byte
 * budget (docs/adr/0011): it maps a type with `answerValueKind`, a switch.
 */

/**
 * What an answer to a question type is, as the engine reads it (`readAnswer`): the keys the
 * lead carries, the condition kinds it supports, the answers a template check tries.
 */
export type AnswerValueKind = "choice" | "text" | "rating" | "date" | "slider";

/** What an answer to a question of the type is. */
export function answerValueKind(type: QuestionType): AnswerValueKind {
  switch (type) {
    case QuestionType.List:
    case QuestionType.Cards:
    case QuestionType.Select:
      return "choice";
    case QuestionType.Text:
      return "text";
    case QuestionType.Rating:
      return "rating";
    case QuestionType.Date:
      return "date";
    case QuestionType.Slider:
      return "slider";
    default:
      return assertNever(type);
  }
}

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

export interface QuestionTypeTraits {
  /** Its name: a template file's `type` and the editor's texts (`questions:types.<key>`). */
  key: string;
  /**
   * Whether its questions have answer rows (the choice types): a new question gets two, a
   * type change away deletes them, `answers` conditions refer to them.
   */
  hasAnswers: boolean;
  /** Whether the editor offers an image for each answer. */
  answerImages: boolean;
  /** The `config` options the editor offers, in its order (docs/editor.md). */
  editorOptions: readonly QuestionOption[];
}

/**
 * Every question type's traits by code, in the order the editor's "Add question" menu offers
 * them. A new `QuestionType` fails to compile until it has its entry here. (Literal keys,
 * not `[QuestionType.List]`: computed keys would stay in the visitor's bundle.)
 */
export const questionTypeTraits = {
  1: {
    // List
    key: "list",
    hasAnswers: true,
    answerImages: true,
    editorOptions: ["multi_answers", "yes_no", "own_answer", "image_format"],
  },
  2: {
    // Cards
    key: "cards",
    hasAnswers: true,
    answerImages: true,
    editorOptions: ["multi_answers", "yes_no", "own_answer", "image_format"],
  },
  3: {
    // Select
    key: "select",
    hasAnswers: true,
    answerImages: false,
    editorOptions: ["multi_answers", "own_answer", "placeholder"],
  },
  4: {
    // Text
    key: "text",
    hasAnswers: false,
    answerImages: false,
    editorOptions: ["placeholder"],
  },
  5: {
    // Rating
    key: "rating",
    hasAnswers: false,
    answerImages: false,
    editorOptions: ["quantity_of_answers"],
  },
  6: {
    // Date
    key: "date",
    hasAnswers: false,
    answerImages: false,
    editorOptions: ["date_range", "time"],
  },
  7: {
    // Slider
    key: "slider",
    hasAnswers: false,
    answerImages: false,
    editorOptions: ["range", "two_sided", "unit"],
  },
} as const satisfies Record<QuestionType, QuestionTypeTraits>;

/** A question type's name (`questionTypeTraits[type].key`). */
export type QuestionTypeKey = (typeof questionTypeTraits)[QuestionType]["key"];

/** Every question type, in the order of `questionTypeTraits`. */
export const questionTypes: readonly QuestionType[] = /* @__PURE__ */ Object.values(QuestionType);
