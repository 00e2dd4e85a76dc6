import { AppShell, Button, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useDisclosure, useDocumentTitle } from "@mantine/hooks";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useParams } from "react-router";
import { isApiError } from "@/shared/api/api-error";
import { errorMessage } from "@/shared/api/error-message";
import { PageLoader } from "@/shared/ui/page-loader";
import { EditorWritesProvider } from "../../features/quiz-editor/state/editor-writes";
import { parseQuizId, useQuiz } from "../../features/quiz-shell/api/quiz-queries";
import { paths } from "../paths";
import { EditorFooter, type PreviewDevice } from "./editor-footer";
import { EditorNavbar } from "./editor-navbar";
import { EditorTopBar } from "./editor-top-bar";

/** Context handed to the editor's pages through the Outlet. */
export interface QuizEditorContext {
  quizId: string;
  previewDevice: PreviewDevice;
}

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

/** The quiz editor frame (quiz/:quizId): its own menu, a top bar and a footer. */
export function QuizEditorLayout() {
  const { t } = useTranslation();
  const { quizId = "" } = useParams();
  const id = parseQuizId(quizId);
  const quiz = useQuiz(id);
  const [opened, { toggle, close }] = useDisclosure();
  const [previewDevice, setPreviewDevice] = useState<PreviewDevice>("desktop");
  useDocumentTitle(quiz.data ? `${quiz.data.title} · Leadquiz` : "Leadquiz");

  if (id === null || (quiz.isError && isApiError(quiz.error) && quiz.error.status === 404)) {
    return <QuizNotFound />;
  }
  if (quiz.isError) return <QuizNotFound message={errorMessage(quiz.error, t)} />;
  if (!quiz.data) {
    return (
      <Center mih="100vh" aria-busy>
        <Loader aria-label={t("dashboard:shell.loadingQuiz")} />
      </Center>
    );
  }
  const context: QuizEditorContext = { quizId, previewDevice };
  return (
    <EditorWritesProvider quizId={quiz.data.id}>
      <AppShell
        header={{ height: 60 }}
        footer={{ height: 52 }}
        navbar={{ width: 260, breakpoint: "sm", collapsed: { mobile: !opened } }}
        padding="lg"
      >
        <AppShell.Header>
          <EditorTopBar quiz={quiz.data} menuOpened={opened} onToggleMenu={toggle} />
        </AppShell.Header>
        <AppShell.Navbar p="xs">
          <EditorNavbar quizId={quizId} onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main bg="gray.0">
          <Suspense fallback={<PageLoader />}>
            <Outlet context={context} />
          </Suspense>
        </AppShell.Main>
        <AppShell.Footer>
          <EditorFooter quiz={quiz.data} device={previewDevice} onDeviceChange={setPreviewDevice} />
        </AppShell.Footer>
      </AppShell>
    </EditorWritesProvider>
  );
}
