import { Button, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DialogModal } from "@/shared/ui/dialog-modal";

interface ExportDialogProps {
  opened: boolean;
  requestsLeft: number;
  loading: boolean;
  /** Exports the opened leads; with `release`, opens the unopened ones first. */
  onExport: (release: boolean) => void;
  onClose: () => void;
}

/**
 * Before an export while requests are left: the owner chooses whether the unopened leads
 * matching the filters are opened for it (one request each, oldest first, while requests
 * last) or only the opened ones are exported (docs/leads.md "Export").
 */
export function ExportDialog({
  opened,
  requestsLeft,
  loading,
  onExport,
  onClose,
}: ExportDialogProps) {
  const { t } = useTranslation();
  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title={t("leads:exportDialog.title")}
      centered
      trapFocus
      data-testid="export-dialog"
    >
      <Text mb="lg">{t("leads:exportDialog.body", { count: requestsLeft })}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => onExport(false)} disabled={loading} data-autofocus>
          {t("leads:exportDialog.openedOnly")}
        </Button>
        <Button onClick={() => onExport(true)} loading={loading}>
          {t("leads:exportDialog.openAndExport")}
        </Button>
      </Group>
    </DialogModal>
  );
}
