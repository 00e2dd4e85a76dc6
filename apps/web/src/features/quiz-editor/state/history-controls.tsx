import { ActionIcon, Group, Loader, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useEditorWrites, useHistoryState, usePendingWrites } from "./editor-writes";

function UndoIcon({ flip = false }: { flip?: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      style={flip ? { transform: "scaleX(-1)" } : undefined}
    >
      <path d="M9 14 4 9l5-5" />
      <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
    </svg>
  );
}

/**
 * Undo and redo buttons with the save state ("Saving…" while writes are pending), for the
 * editor's top bar. The same actions answer Ctrl+Z and Ctrl+Shift+Z.
 */
export function HistoryControls() {
  const { t } = useTranslation();
  const { step } = useEditorWrites();
  const { canUndo, canRedo, busy } = useHistoryState();
  const pending = usePendingWrites();
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t("editor:history.undoHint")}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t("editor:history.undo")}
          disabled={!canUndo || busy}
          onClick={() => void step("undo")}
          data-testid="editor-undo"
        >
          <UndoIcon />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("editor:history.redoHint")}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t("editor:history.redo")}
          disabled={!canRedo || busy}
          onClick={() => void step("redo")}
          data-testid="editor-redo"
        >
          <UndoIcon flip />
        </ActionIcon>
      </Tooltip>
      <Text size="xs" c="dimmed" role="status" visibleFrom="lg" data-testid="editor-save-state">
        {pending > 0 ? (
          <Group gap={4} component="span" wrap="nowrap">
            <Loader size={10} />
            {t("editor:writes.saving")}
          </Group>
        ) : (
          <VisuallyHidden>{t("editor:writes.saved")}</VisuallyHidden>
        )}
      </Text>
    </Group>
  );
}
