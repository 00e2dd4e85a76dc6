import type { TemplateSummary } from "@leadquiz/contract";
import { Box, Button, Center, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { PreviewFrame } from "@/shared/ui/preview-frame";
import { useTemplateSnapshot } from "../api/templates-api";

/**
 * Plays a template inside a dialog: its published snapshot in the runtime's preview page,
 * the editor's live preview (docs/templates.md "Web"). A preview is a rehearsal: the form
 * ends on the thank-you screen and no session, funnel event or lead reaches the server
 * (the published page would have stored them on the catalogue's account).
 */
export function PreviewModal({
  template,
  onClose,
  onUse,
  using,
  canUse,
}: {
  template: TemplateSummary | null;
  onClose: () => void;
  onUse: (template: TemplateSummary) => void;
  using: boolean;
  canUse: boolean;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery("(max-width: 48em)");
  const snapshot = useTemplateSnapshot(template?.public_key);
  return (
    <Modal
      opened={template !== null}
      onClose={onClose}
      size="80rem"
      fullScreen={phone}
      title={template ? t("templates:gallery.previewTitle", { title: template.title }) : ""}
      closeButtonProps={{ "aria-label": t("templates:gallery.close") }}
    >
      {template ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("templates:gallery.previewHint")}
          </Text>
          <Box
            data-testid="template-preview-frame"
            style={{
              height: phone ? "calc(100dvh - 240px)" : "70vh",
              border: "1px solid var(--mantine-color-gray-3)",
              borderRadius: "var(--mantine-radius-md)",
              overflow: "hidden",
            }}
          >
            {snapshot.data ? (
              <PreviewFrame
                quiz={snapshot.data}
                device={phone ? "mobile" : "desktop"}
                restart={0}
                title={template.title}
              />
            ) : snapshot.isError ? (
              <Center h="100%" p="md">
                <Text role="alert">{t("templates:gallery.previewFailed")}</Text>
              </Center>
            ) : (
              <Center h="100%">
                <Loader aria-label={t("templates:gallery.previewLoading")} />
              </Center>
            )}
          </Box>
          <Group justify="flex-end" wrap="wrap">
            <Button
              onClick={() => onUse(template)}
              loading={using}
              disabled={!canUse}
              data-testid="template-preview-use"
            >
              {t("templates:gallery.use")}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
