import { Badge, Button, Group, Modal, SegmentedControl, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";

export type PreviewDevice = "desktop" | "mobile";

interface EditorFooterProps {
  device: PreviewDevice;
  onDeviceChange: (device: PreviewDevice) => void;
}

/** The editor footer: preview device switch, publication indicator, usage instructions. */
export function EditorFooter({ device, onDeviceChange }: EditorFooterProps) {
  const { t } = useTranslation();
  const [instructionsOpened, instructions] = useDisclosure(false);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <SegmentedControl
        size="xs"
        aria-label={t("layout:editor.footer.preview")}
        data-testid="editor-preview-device"
        value={device}
        onChange={(value) => onDeviceChange(value === "mobile" ? "mobile" : "desktop")}
        data={[
          { value: "desktop", label: t("layout:editor.footer.desktop") },
          { value: "mobile", label: t("layout:editor.footer.mobile") },
        ]}
      />
      <Group gap="sm" wrap="nowrap">
        <Badge variant="light" color="gray" data-testid="editor-publication-status">
          {t("layout:editor.footer.statusPending")}
        </Badge>
        <Button
          variant="subtle"
          size="xs"
          onClick={instructions.open}
          data-testid="editor-instructions"
        >
          {t("layout:editor.footer.instructions")}
        </Button>
      </Group>
      <Modal
        opened={instructionsOpened}
        onClose={instructions.close}
        title={t("layout:editor.footer.instructions")}
        centered
      >
        <Text>{t("common:comingSoon.text")}</Text>
      </Modal>
    </Group>
  );
}
