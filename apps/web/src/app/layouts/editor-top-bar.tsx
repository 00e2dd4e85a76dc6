import { Burger, Button, Group, Text, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ProfileLanguageSwitch } from "../../shared/i18n/profile-language-switch";
import { Brand } from "./brand";
import { UserMenu } from "./user-menu";

interface EditorTopBarProps {
  quizId: string;
  menuOpened: boolean;
  onToggleMenu: () => void;
}

/** Link, view and publish: shown, but disabled until publishing exists. */
function PendingAction({ label, testId }: { label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t("layout:editor.topBar.notYetAvailable")} withArrow>
      <Button
        variant={testId === "editor-publish" ? "filled" : "default"}
        size="sm"
        data-disabled
        aria-disabled
        data-testid={testId}
        onClick={(event) => event.preventDefault()}
      >
        {label}
      </Button>
    </Tooltip>
  );
}

export function EditorTopBar({ quizId, menuOpened, onToggleMenu }: EditorTopBarProps) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="sm"
          size="sm"
          aria-label={t("layout:header.toggleMenu")}
        />
        <Brand />
        <Text c="dimmed" size="sm" visibleFrom="sm" data-testid="editor-quiz-id">
          {t("layout:editor.topBar.quiz", { id: quizId })}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <PendingAction label={t("layout:editor.topBar.link")} testId="editor-link" />
        <PendingAction label={t("layout:editor.topBar.view")} testId="editor-view" />
        <PendingAction label={t("layout:editor.topBar.publish")} testId="editor-publish" />
        <ProfileLanguageSwitch visibleFrom="md" />
        <UserMenu />
      </Group>
    </Group>
  );
}
