import type { TemplateSummary } from "@leadquiz/contract";
import { Anchor, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";

/** Plays a template in the visitors' runtime (its published address) inside a dialog. */
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
          <iframe
            src={template.preview_url}
            title={template.title}
            data-testid="template-preview-frame"
            style={{
              width: "100%",
              height: phone ? "calc(100dvh - 240px)" : "70vh",
              border: "1px solid var(--mantine-color-gray-3)",
              borderRadius: "var(--mantine-radius-md)",
            }}
          />
          <Group justify="space-between" wrap="wrap">
            <Anchor href={template.preview_url} target="_blank" rel="noopener" size="sm">
              {t("templates:gallery.openInTab")}
            </Anchor>
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
