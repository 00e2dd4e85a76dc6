import type { Quiz } from "@leadquiz/contract";
import { useOutletContext } from "react-router";
import { parseQuizId, useQuiz } from "@/shared/api/quiz-queries";
import type { QuizEditorContext } from "../editor-context";

/** The quiz of an editor page (the layout has loaded it before the page renders). */
export function useEditorQuiz(): { quizId: number; quiz: Quiz | undefined } {
  const { quizId } = useOutletContext<QuizEditorContext>();
  const id = parseQuizId(quizId) ?? 0;
  return { quizId: id, quiz: useQuiz(id).data };
}
