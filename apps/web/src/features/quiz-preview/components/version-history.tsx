import { Alert, Badge, Button, Card, Drawer, Group, Loader, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { formatDateTime } from "@/shared/i18n/format-date";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { useMountOnOpen } from "@/shared/ui/mount-on-open";
import { usePublicationVersions, useRestoreVersion } from "../api/preview-queries";
import { useEditorPreview } from "../editor-preview";

interface VersionHistoryProps {
  quizId: number;
  compact?: boolean;
}

/**
 * "History" in the top bar: every published version with its date and title, each
 * previewable in the preview panel and restorable as the draft (after a confirmation).
 */
export function VersionHistoryButton({ quizId, compact = false }: VersionHistoryProps) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [restoring, setRestoring] = useState<number | null>(null);
  const versions = usePublicationVersions(quizId, opened);
  const restore = useRestoreVersion(quizId);
  const preview = useEditorPreview();
  // The drawer is mounted when first opened, not with the editor's top bar.
  const drawer = useMountOnOpen(opened && restoring === null);
  return (
    <>
      <Button
        variant="default"
        size={compact ? "compact-sm" : "sm"}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
        data-testid="editor-history"
      >
        {t("editor:versions.open")}
      </Button>
      {drawer.mounted && (
        <Drawer
          opened={drawer.opened}
          onClose={() => setOpened(false)}
          position="right"
          title={t("editor:versions.title")}
          size="md"
        >
          <Stack gap="sm" data-testid="version-history">
            {versions.isPending && (
              <Loader size="sm" role="status" aria-label={t("editor:versions.loading")} />
            )}
            {versions.isError && (
              <Alert color="red" role="alert">
                {errorMessage(versions.error, t)}
              </Alert>
            )}
            {versions.data?.length === 0 && (
              <Text size="sm" c="dimmed">
                {t("editor:versions.empty")}
              </Text>
            )}
            {versions.data?.map((entry) => (
              <Card key={entry.version} withBorder padding="sm" data-testid="version-entry">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600} size="sm" component="h3" m={0}>
                      {t("editor:versions.version", { version: entry.version })}
                    </Text>
                    {entry.is_live && (
                      <Badge variant="filled" color="teal.9" tt="none">
                        {t("editor:versions.live")}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm">{formatDateTime(entry.published_at, i18n.language)}</Text>
                  <Text size="sm" c="dimmed" truncate="end" title={entry.title}>
                    {entry.title}
                  </Text>
                  <Group gap="xs">
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => {
                        preview.showVersion(entry.version);
                        setOpened(false);
                      }}
                      aria-label={t("editor:versions.previewVersion", { version: entry.version })}
                      data-testid="version-preview"
                    >
                      {t("editor:versions.preview")}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="default"
                      loading={restore.isPending && restore.variables === entry.version}
                      onClick={() => setRestoring(entry.version)}
                      aria-label={t("editor:versions.restoreVersion", { version: entry.version })}
                      data-testid="version-restore"
                    >
                      {t("editor:versions.restore")}
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))}
          </Stack>
        </Drawer>
      )}
      <ConfirmDialog
        opened={restoring !== null}
        title={t("editor:versions.restoreTitle", { version: restoring ?? 0 })}
        message={t("editor:versions.restoreMessage")}
        confirmLabel={t("editor:versions.restore")}
        danger
        onConfirm={() => {
          if (restoring !== null) {
            restore.mutate(restoring, { onSuccess: () => preview.showVersion(null) });
          }
          setRestoring(null);
        }}
        onClose={() => setRestoring(null)}
      />
    </>
  );
}
