import { Box, Container, Stack, Text, Title } from "@mantine/core";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { parseQuizId } from "@/shared/api/quiz-queries";
import { useConnections } from "../api/use-connections";
import type { TargetName } from "../catalog";
import { ConnectedList } from "../components/connected-list";
import { DeliveryLog } from "../components/delivery-log";
import { OAuthReturnNotice } from "../components/oauth-card";
import { TargetDialog } from "../components/target-dialog";
import { TargetGallery } from "../components/target-gallery";

/** Brings a part of the tab into view and gives it focus (for the keyboard and readers). */
function reveal(element: HTMLElement | null) {
  element?.scrollIntoView({ behavior: "smooth", block: "start" });
  element?.focus({ preventScroll: true });
}

/**
 * The editor's integration tab (`/quiz/{id}/integration`, docs/integrations-tab.md): the
 * quiz's connections first, then the gallery of services by group (each opens its panel in
 * a dialog), then the delivery log.
 */
export function IntegrationPage() {
  const { quizId } = useParams();
  const id = parseQuizId(quizId);
  if (id === null) return null;
  return <IntegrationTab quizId={id} />;
}

function IntegrationTab({ quizId }: { quizId: number }) {
  const { t } = useTranslation();
  const { connections, loading } = useConnections(quizId);
  const [dialog, setDialog] = useState<{ target: TargetName | null; opened: boolean }>({
    target: null,
    opened: false,
  });
  const galleryTitle = useRef<HTMLHeadingElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const connected = useMemo(
    () => new Set(connections.map((connection) => connection.target)),
    [connections],
  );
  const open = (target: TargetName) => setDialog({ target, opened: true });
  return (
    <Container size="md" py="lg" px="sm">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={2}>{t("integrations:title")}</Title>
          <Text c="dimmed">{t("integrations:intro")}</Text>
          <OAuthReturnNotice />
        </Stack>
        <ConnectedList
          quizId={quizId}
          connections={connections}
          loading={loading}
          onManage={open}
          onShowLog={() => reveal(log.current)}
          onBrowse={() => reveal(galleryTitle.current)}
        />
        <TargetGallery connected={connected} onOpen={open} headingRef={galleryTitle} />
        <Box ref={log} tabIndex={-1}>
          <DeliveryLog quizId={quizId} />
        </Box>
      </Stack>
      <TargetDialog
        quizId={quizId}
        target={dialog.target}
        opened={dialog.opened}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
      />
    </Container>
  );
}
