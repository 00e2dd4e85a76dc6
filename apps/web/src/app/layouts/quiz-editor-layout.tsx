import type { Quiz } from "@leadquiz/contract";
import { AppShell, Button, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useDisclosure, useDocumentTitle } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation, useParams } from "react-router";
import { isApiError } from "@/shared/api/api-error";
import { errorMessage } from "@/shared/api/error-message";
import { parseQuizId, useQuiz } from "@/shared/api/quiz-queries";
import { useApiClient } from "@/shared/api/services-context";
import { paths } from "@/shared/routing/paths";
import { AfterFirstRender } from "@/shared/ui/after-first-render";
import { PageLoader } from "@/shared/ui/page-loader";
import type { QuizEditorContext } from "../../features/quiz-editor/editor-context";
import { questionListQuery } from "../../features/quiz-editor/questions/api/question-queries";
import { editorAddress } from "../../features/quiz-editor/read-ahead";
import {
  EditorWritesProvider,
  useWritesSettled,
} from "../../features/quiz-editor/state/editor-writes";
import { PreviewPanel } from "../../features/quiz-preview/components/preview-panel";
import {
  EditorPreviewProvider,
  useEditorPreview,
} from "../../features/quiz-preview/editor-preview";
import type { PreviewDevice } from "../../features/quiz-preview/preview-settings";
import { EditorFooter } from "./editor-footer";
import { EditorNavbar } from "./editor-navbar";
import { EditorTopBar } from "./editor-top-bar";

export type { PreviewDevice };

/** `/quiz/{id}` of no quiz of the account (or no id at all): says so, with a way back. */
function QuizNotFound({ message }: { message?: string }) {
  const { t } = useTranslation();
  useDocumentTitle(`${t("dashboard:shell.notFoundTitle")} · Leadquiz`);
  return (
    <Center mih="100vh" p="md" component="main" data-testid="quiz-not-found">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1}>{t("dashboard:shell.notFoundTitle")}</Title>
        <Text>{message ?? t("dashboard:shell.notFoundText")}</Text>
        <Button component={Link} to={paths.home()}>
          {t("dashboard:shell.backToProjects")}
        </Button>
      </Stack>
    </Center>
  );
}

/**
 * The questions tab (the editor's default) reads its list while the quiz itself is read,
 * not after it: the frame waits for the quiz before it renders the tab, which made the
 * two reads a waterfall (docs/editor.md "Start time"). An editor address opened directly
 * has both reads started as the app boots (app/read-ahead.ts); this covers arriving from
 * another page of the app.
 */
function useQuestionsReadAhead() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const address = editorAddress(pathname);
  const listOf = address?.questions ? address.quizId : null;
  useEffect(() => {
    if (listOf !== null) void queryClient.prefetchQuery(questionListQuery(api, listOf));
  }, [api, queryClient, listOf]);
}

/** The quiz editor frame (quiz/:quizId): its own menu, a top bar and a footer. */
export function QuizEditorLayout() {
  const { t } = useTranslation();
  const { quizId = "" } = useParams();
  const id = parseQuizId(quizId);
  const quiz = useQuiz(id);
  useQuestionsReadAhead();
  useDocumentTitle(quiz.data ? `${quiz.data.title} · Leadquiz` : "Leadquiz");

  if (id === null || (quiz.isError && isApiError(quiz.error) && quiz.error.status === 404)) {
    return <QuizNotFound />;
  }
  if (quiz.isError) return <QuizNotFound message={errorMessage(quiz.error, t)} />;
  if (!quiz.data) {
    return (
      <Center mih="100vh" aria-busy>
        <Loader role="status" aria-label={t("dashboard:shell.loadingQuiz")} />
      </Center>
    );
  }
  return (
    <EditorWritesProvider quizId={quiz.data.id}>
      <EditorPreviewProvider>
        <EditorFrame quiz={quiz.data} quizId={quizId} />
      </EditorPreviewProvider>
    </EditorWritesProvider>
  );
}

/** The preview panel's width beside the tabs (wider on larger screens). */
const PREVIEW_WIDTH = { base: 420, lg: 460, xl: 560 };

/** The frame around the editor's pages, with the live preview as the shell's aside. */
function EditorFrame({ quiz, quizId }: { quiz: Quiz; quizId: string }) {
  const [opened, { toggle, close }] = useDisclosure();
  const preview = useEditorPreview();
  const writesSettled = useWritesSettled();
  const context: QuizEditorContext = { quizId, previewDevice: preview.device };
  return (
    <AppShell
      header={{ height: 60 }}
      footer={{ height: 52 }}
      navbar={{ width: 260, breakpoint: "sm", collapsed: { mobile: !opened } }}
      aside={{
        width: PREVIEW_WIDTH,
        breakpoint: 1100,
        collapsed: { desktop: !preview.opened, mobile: !preview.opened },
      }}
      padding="lg"
    >
      <AppShell.Header>
        <EditorTopBar quiz={quiz} menuOpened={opened} onToggleMenu={toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <EditorNavbar quizId={quizId} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <Suspense fallback={<PageLoader />}>
          <Outlet context={context} />
        </Suspense>
      </AppShell.Main>
      {preview.opened && (
        <AppShell.Aside>
          <AfterFirstRender>
            <PreviewPanel
              quizId={quiz.id}
              device={preview.device}
              version={preview.version}
              onShowDraft={() => preview.showVersion(null)}
              onHide={() => preview.setOpened(false)}
              writesSettled={writesSettled}
            />
          </AfterFirstRender>
        </AppShell.Aside>
      )}
      <AppShell.Footer>
        <EditorFooter quiz={quiz} />
      </AppShell.Footer>
    </AppShell>
  );
}
