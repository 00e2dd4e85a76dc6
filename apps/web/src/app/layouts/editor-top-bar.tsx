import type { Quiz } from "@leadquiz/contract";
import { Burger, Group, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { ProfileLanguageSwitch } from "@/shared/i18n/profile-language-switch";
import { AfterFirstRender } from "@/shared/ui/after-first-render";
import { HistoryControls } from "../../features/quiz-editor/state/history-controls";
import { VersionHistoryButton } from "../../features/quiz-preview/components/version-history";
import {
  LinkButton,
  PublishButton,
  ViewButton,
} from "../../features/quiz-shell/components/publish-controls";
import { Brand } from "./brand";
import { UserMenu } from "./user-menu";

interface EditorTopBarProps {
  quiz: Quiz | undefined;
  menuOpened: boolean;
  onToggleMenu: () => void;
}

/**
 * The editor's top bar: the quiz's name, link, view, publish, language and account. Below
 * `sm` (48em) the buttons are compact and the account is an avatar; on a phone (below `xs`,
 * 36em) the brand and View give way (the Link popover opens the public page), so Publish
 * stays in sight. The right-hand group is drawn a moment after the editor itself
 * (AfterFirstRender), so the question list comes first.
 */
export function EditorTopBar({ quiz, menuOpened, onToggleMenu }: EditorTopBarProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false });
  const phone = useMediaQuery("(max-width: 36em)", false, { getInitialValueInEffect: false });
  return (
    <Group h="100%" px={{ base: "xs", sm: "md" }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="sm"
          size="sm"
          style={{ flexShrink: 0 }}
          aria-label={t("layout:header.toggleMenu")}
        />
        {!phone && <Brand />}
        {quiz && (
          <Text
            c="dimmed"
            size="sm"
            truncate="end"
            visibleFrom="md"
            title={quiz.title}
            data-testid="editor-quiz-title"
          >
            {t("dashboard:shell.quizTitle", { title: quiz.title })}
          </Text>
        )}
      </Group>
      <AfterFirstRender>
        <Group gap={narrow ? 4 : "xs"} wrap="nowrap">
          {quiz && (
            <>
              {!phone && <HistoryControls />}
              <LinkButton quiz={quiz} compact={narrow} />
              {!phone && <ViewButton quiz={quiz} compact={narrow} />}
              {!phone && <VersionHistoryButton quizId={quiz.id} compact={narrow} />}
              <PublishButton quiz={quiz} compact={narrow} />
            </>
          )}
          <ProfileLanguageSwitch compact visibleFrom="sm" />
          <UserMenu compact={narrow} />
        </Group>
      </AfterFirstRender>
    </Group>
  );
}
