import { Button, Group, Text } from "@mantine/core";
import { type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import { DialogModal } from "./dialog-modal";

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  /** More to read before deciding, under the message (a list of what else changes). */
  children?: ReactNode;
  confirmLabel: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before an action. Focus moves into the dialog (onto Cancel, the safe choice), stays
 * there while it is open (Tab cycles, Escape cancels) and returns to what opened it.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  children,
  confirmLabel,
  danger = false,
  loading = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      trapFocus
      // A menu that opened the dialog takes focus back as it closes: focus Cancel after.
      onEnterTransitionEnd={() => cancel.current?.focus()}
    >
      <Text mb="lg">{message}</Text>
      {children}
      <Group justify="flex-end" gap="sm">
        <Button
          ref={cancel}
          variant="default"
          onClick={onClose}
          data-autofocus
          data-testid="confirm-cancel"
        >
          {t("dashboard:dialog.cancel")}
        </Button>
        <Button
          {...(danger ? { color: "red.8" } : {})}
          loading={loading}
          onClick={onConfirm}
          data-testid="confirm-ok"
        >
          {confirmLabel}
        </Button>
      </Group>
    </DialogModal>
  );
}
