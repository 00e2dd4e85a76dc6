import type { Question } from "@leadquiz/contract";
import type { QuestionWrites } from "../api/question-writes";

/** What each part of a question's editor is given: the quiz, the question and its writes. */
export interface QuestionPartProps {
  quizId: number;
  question: Question;
  writes: QuestionWrites;
}
