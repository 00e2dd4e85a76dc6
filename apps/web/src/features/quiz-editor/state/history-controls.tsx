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

interface HistoryButtonProps {
  direction: "undo" | "redo";
  disabled: boolean;
  onClick: () => void;
}

function HistoryButton({ direction, disabled, onClick }: HistoryButtonProps) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t(`editor:history.${direction}Hint`)}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t(`editor:history.${direction}`)}
        disabled={disabled}
        onClick={onClick}
        data-testid={`editor-${direction}`}
      >
        <UndoIcon flip={direction === "redo"} />
      </ActionIcon>
    </Tooltip>
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
      <HistoryButton
        direction="undo"
        disabled={!canUndo || busy}
        onClick={() => void step("undo")}
      />
      <HistoryButton
        direction="redo"
        disabled={!canRedo || busy}
        onClick={() => void step("redo")}
      />
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
