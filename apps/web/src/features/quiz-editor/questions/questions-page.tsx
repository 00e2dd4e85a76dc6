import { Loader, Stack, Tabs } from "@mantine/core";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useOutletContext, useSearchParams } from "react-router";
import { parseQuizId, useQuiz } from "@/shared/api/quiz-queries";
import type { QuizEditorContext } from "../editor-context";
import { LogicSetup, StartPageForm } from "./lazy-parts";
import { QuestionList } from "./list/question-list";

/** The sub-tabs, named in the address (`?tab=`) so a link opens the same one. */
export const questionsTabs = ["questions", "start", "logic"] as const;
export type QuestionsTab = (typeof questionsTabs)[number];

function isTab(value: string | null): value is QuestionsTab {
  return value !== null && (questionsTabs as readonly string[]).includes(value);
}

/**
 * The editor's Questions section (`/quiz/{id}/questions`, the default): the question list,
 * the start page and the logic setup (docs/editor.md "Questions and logic").
 */
export function QuestionsPage() {
  const { t } = useTranslation();
  const { quizId } = useOutletContext<QuizEditorContext>();
  const id = parseQuizId(quizId) ?? 0;
  const quiz = useQuiz(id);
  const [params, setParams] = useSearchParams();
  const raw = params.get("tab");
  const tab: QuestionsTab = isTab(raw) ? raw : "questions";
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  return (
    <Stack gap="md" maw={880} data-testid="questions-page">
      <Tabs
        value={tab}
        onChange={(value) => {
          if (!isTab(value)) return;
          setParams(value === "questions" ? {} : { tab: value }, { replace: false });
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="questions" data-testid="tab-questions">
            {t("questions:tabs.questions")}
          </Tabs.Tab>
          <Tabs.Tab value="start" data-testid="tab-start">
            {t("questions:tabs.start")}
          </Tabs.Tab>
          <Tabs.Tab value="logic" data-testid="tab-logic">
            {t("questions:tabs.logic")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="questions">
          <QuestionList quizId={id} opened={opened} onOpenedChange={setOpened} />
        </Tabs.Panel>
        <Suspense fallback={<Loader role="status" aria-label={t("common:loading")} />}>
          <Tabs.Panel value="start">
            {quiz.data ? <StartPageForm quiz={quiz.data} /> : null}
          </Tabs.Panel>
          <Tabs.Panel value="logic">
            <LogicSetup quizId={id} />
          </Tabs.Panel>
        </Suspense>
      </Tabs>
    </Stack>
  );
}
