import type { QueryClient } from "@tanstack/react-query";
import { matchPath } from "react-router";
import type { ApiClient } from "@/shared/api/api-client";
import { parseQuizId, quizQuery } from "@/shared/api/quiz-queries";
import { routePatterns } from "@/shared/routing/paths";
import { questionListQuery } from "./questions/api/question-queries";
import { preloadQuestionEditor } from "./questions/lazy-parts";

/** The quiz of an editor address (`/quiz/{id}/…`) and whether it opens the questions tab. */
export function editorAddress(pathname: string): { quizId: number; questions: boolean } | null {
  const match = matchPath(`${routePatterns.quiz}/*`, pathname);
  const quizId = parseQuizId(match?.params.quizId);
  if (!match || quizId === null) return null;
  // The bare editor address redirects to the questions tab, its default.
  const section = (match.params["*"] ?? "").replace(/\/$/, "");
  return { quizId, questions: section === "" || section === "questions" };
}

/**
 * Starts the reads the editor's first screen waits for: the quiz and, on the questions tab,
 * its question list and the module of a card's editor, in before the owner opens a card
 * (docs/editor.md "Start time"). The same queries as the editor's hooks, so they find the
 * answers in the cache.
 */
export function readAheadEditor(queryClient: QueryClient, api: ApiClient, pathname: string): void {
  const address = editorAddress(pathname);
  if (!address) return;
  void queryClient.prefetchQuery(quizQuery(api, address.quizId));
  if (address.questions) {
    void queryClient.prefetchQuery(questionListQuery(api, address.quizId));
    preloadQuestionEditor();
  }
}
