import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { expect } from "vitest";
import { createApiClient } from "@/shared/api/api-client";
import { ServicesProvider } from "@/shared/api/services-context";
import { createSessionStore } from "@/shared/session/session-store";
import {
  useAnswersOf,
  useConditions,
  useQuestionList,
} from "../features/quiz-editor/questions/api/question-queries";
import { useQuestionWrites } from "../features/quiz-editor/questions/api/question-writes";
import {
  EditorWritesProvider,
  useEditorWrites,
  usePendingWrites,
} from "../features/quiz-editor/state/editor-writes";
import { questionServer } from "./question-server";
import { jsonResponse, TEST_API, testJwt } from "./render-app";
import { testI18n } from "./test-i18n";

/**
 * The questions tab's writes of quiz 7 against `questionServer()`, with the queries the
 * tab shows on screen: `seen()` is the list as the owner sees it once every write has
 * ended and the lists were read again ("Budget?: Small, Big, Huge").
 */
export async function questionWritesHarness() {
  const server = questionServer();
  const session = createSessionStore({
    restore: async () => session.set({ access: testJwt(600) }),
  });
  await session.load();
  const api = createApiClient({
    baseUrl: TEST_API,
    session,
    getLanguage: () => "en",
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname.replace("/api/v1", "");
      return (await server.handler(request, path)) ?? jsonResponse(404, { detail: "Not found" });
    },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={testI18n("en")}>
      <QueryClientProvider client={queryClient}>
        <ServicesProvider services={{ api, session }}>
          <EditorWritesProvider quizId={7}>{children}</EditorWritesProvider>
        </ServicesProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  const hook = renderHook(
    () => {
      const questions = useQuestionList(7).data ?? [];
      return {
        writes: useQuestionWrites(7),
        editor: useEditorWrites(),
        pending: usePendingWrites(),
        questions,
        answers: useAnswersOf(questions.map((question) => question.id)),
        conditions: useConditions(7, 12).data ?? [],
      };
    },
    { wrapper },
  );
  const current = () => hook.result.current;
  const seen = () =>
    current().questions.map((question) => {
      const texts = (current().answers.get(question.id) ?? []).map((answer) => answer.text);
      return `${question.title}: ${texts.join(", ")}`;
    });
  /** Waits until the owner sees `expected` and nothing is being written. */
  const sees = (expected: string[]) =>
    waitFor(() => {
      expect(current().pending).toBe(0);
      expect(seen()).toEqual(expected);
    });
  await sees(["Budget?: Small, Big, Huge", "Sure?: "]);
  return {
    server,
    writes: () => current().writes,
    question: (title: string) => {
      const found = current().questions.find((question) => question.title === title);
      if (!found) throw new Error(`no question "${title}" on screen`);
      return found;
    },
    answer: (questionTitle: string, text: string) => {
      const of = current().questions.find((question) => question.title === questionTitle);
      const found = current()
        .answers.get(of?.id ?? 0)
        ?.find((answer) => answer.text === text);
      if (!found) throw new Error(`no answer "${text}" of "${questionTitle}" on screen`);
      return found;
    },
    undo: () => current().editor.step("undo"),
    redo: () => current().editor.step("redo"),
    history: () => current().editor.history.getState(),
    /** The conditions the logic tab shows under question 12 "Sure?". */
    conditions: () => current().conditions,
    seen,
    sees,
  };
}
