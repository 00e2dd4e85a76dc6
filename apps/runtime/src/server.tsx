import type { PublicQuiz } from "@leadquiz/contract";
import type { AnswerMap } from "@leadquiz/engine";
import { renderToString } from "preact-render-to-string";
import { provideAllParts } from "./player/parts-provided";
import { QuizPlayer } from "./player/quiz-player";
import type { VisitorTexts } from "./texts";

// The server renders whatever step is asked for at once: every screen is at hand.
provideAllParts();

/**
 * The first screen as HTML, for `/q/{key}` rendered on the server; `hydrateQuiz` with the
 * same quiz, texts and initial answers takes it over without re-rendering.
 */
export function renderQuizToString(
  quiz: PublicQuiz,
  texts: VisitorTexts,
  initialAnswers?: AnswerMap,
): string {
  return renderToString(<QuizPlayer quiz={quiz} texts={texts} initialAnswers={initialAnswers} />);
}
