import type { Quiz } from "@leadquiz/contract";
import { Badge, Box, Button, Group } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/shared/i18n/format-date";
import { useEditorPreview } from "../../features/quiz-preview/editor-preview";
import { usePublicationStatus } from "../../features/quiz-shell/components/publish-modal";
import { UsageInstructions } from "../../features/quiz-shell/components/usage-instructions";
import { DeviceSwitch } from "./device-switch";

interface EditorFooterProps {
  quiz: Quiz;
}

/**
 * The editor footer: the preview's switch (shown or hidden) and device (PC or mobile),
 * the publication status, usage instructions.
 */
export function EditorFooter({ quiz }: EditorFooterProps) {
  const { t, i18n } = useTranslation();
  const preview = useEditorPreview();
  // On a phone the device names are short, so the status and instructions keep their room.
  const phone = useMediaQuery("(max-width: 36em)", false, { getInitialValueInEffect: false });
  const [instructionsOpened, instructions] = useDisclosure(false);
  const { label: status, color } = usePublicationStatus(quiz);
  const when = quiz.published_at
    ? t("dashboard:shell.statusPublishedAt", {
        date: formatDateTime(quiz.published_at, i18n.language),
      })
    : undefined;
  return (
    <Group h="100%" px={{ base: "xs", sm: "md" }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        <Button
          variant={preview.opened ? "light" : "default"}
          size="compact-sm"
          aria-pressed={preview.opened}
          onClick={() => preview.setOpened(!preview.opened)}
          data-testid="editor-preview-toggle"
        >
          {t("editor:preview.toggle")}
        </Button>
        <DeviceSwitch
          label={t("layout:editor.footer.preview")}
          data-testid="editor-preview-device"
          value={preview.device}
          onChange={(device) => {
            preview.setDevice(device);
            preview.setOpened(true);
          }}
          options={[
            {
              value: "desktop",
              label: phone ? t("editor:preview.desktopShort") : t("layout:editor.footer.desktop"),
            },
            {
              value: "mobile",
              label: phone ? t("editor:preview.mobileShort") : t("layout:editor.footer.mobile"),
            },
          ]}
        />
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Badge
          variant="light"
          color={color}
          tt="none"
          title={when ?? status}
          style={{ minWidth: 0, flexShrink: 1 }}
          maw={{ base: 180, xs: 280 }}
          data-testid="editor-publication-status"
        >
          {status}
        </Badge>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={instructions.open}
          data-testid="editor-instructions"
          aria-label={t("layout:editor.footer.instructions")}
        >
          <Box component="span" visibleFrom="sm">
            {t("layout:editor.footer.instructions")}
          </Box>
          <Box component="span" hiddenFrom="sm" aria-hidden>
            ?
          </Box>
        </Button>
      </Group>
      <UsageInstructions opened={instructionsOpened} onClose={instructions.close} quiz={quiz} />
    </Group>
  );
}
