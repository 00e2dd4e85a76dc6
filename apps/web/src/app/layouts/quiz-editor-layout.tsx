import { AppShell } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Suspense, useState } from "react";
import { Outlet, useParams } from "react-router";
import { PageLoader } from "../../shared/ui/page-loader";
import { EditorFooter, type PreviewDevice } from "./editor-footer";
import { EditorNavbar } from "./editor-navbar";
import { EditorTopBar } from "./editor-top-bar";

/** Context handed to the editor's pages through the Outlet. */
export interface QuizEditorContext {
  quizId: string;
  previewDevice: PreviewDevice;
}

/** The quiz editor frame (quiz/:quizId): its own menu, a top bar and a footer. */
export function QuizEditorLayout() {
  const { quizId = "" } = useParams();
  const [opened, { toggle, close }] = useDisclosure();
  const [previewDevice, setPreviewDevice] = useState<PreviewDevice>("desktop");
  const context: QuizEditorContext = { quizId, previewDevice };
  return (
    <AppShell
      header={{ height: 60 }}
      footer={{ height: 52 }}
      navbar={{ width: 260, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <EditorTopBar quizId={quizId} menuOpened={opened} onToggleMenu={toggle} />
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
        <EditorFooter device={previewDevice} onDeviceChange={setPreviewDevice} />
      </AppShell.Footer>
    </AppShell>
  );
}
