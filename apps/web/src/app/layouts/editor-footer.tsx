import type { Quiz } from "@leadquiz/contract";
import { Badge, Box, Button, Group, SegmentedControl } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../features/dashboard/components/format-date";
import { publicationState } from "../../features/quiz-shell/api/quiz-queries";
import { UsageInstructions } from "../../features/quiz-shell/components/usage-instructions";

export type PreviewDevice = "desktop" | "mobile";

interface EditorFooterProps {
  quiz: Quiz;
  device: PreviewDevice;
  onDeviceChange: (device: PreviewDevice) => void;
}

// Named colours: their light-variant texts are the AA shades of theme.ts.
const statusColors = { published: "teal", changes: "orange", draft: "gray" } as const;

/** The editor footer: preview device switch, publication status, usage instructions. */
export function EditorFooter({ quiz, device, onDeviceChange }: EditorFooterProps) {
  const { t, i18n } = useTranslation();
  const [instructionsOpened, instructions] = useDisclosure(false);
  const state = publicationState(quiz);
  const status =
    state === "draft"
      ? t("dashboard:shell.statusDraft")
      : state === "changes"
        ? t("dashboard:shell.statusChanges")
        : t("dashboard:shell.statusPublished");
  const when = quiz.published_at
    ? t("dashboard:shell.statusPublishedAt", {
        date: formatDateTime(quiz.published_at, i18n.language),
      })
    : undefined;
  return (
    <Group h="100%" px={{ base: "xs", sm: "md" }} justify="space-between" wrap="nowrap" gap="xs">
      <SegmentedControl
        size="xs"
        style={{ flexShrink: 0 }}
        aria-label={t("layout:editor.footer.preview")}
        data-testid="editor-preview-device"
        value={device}
        onChange={(value) => onDeviceChange(value === "mobile" ? "mobile" : "desktop")}
        data={[
          { value: "desktop", label: t("layout:editor.footer.desktop") },
          { value: "mobile", label: t("layout:editor.footer.mobile") },
        ]}
      />
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Badge
          variant="light"
          color={statusColors[state]}
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
