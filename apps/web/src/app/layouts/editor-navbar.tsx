import { Box, Divider, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { configActionSections, paths, type QuizEditorSection } from "@/shared/routing/paths";
import classes from "./editor-navbar.module.css";
import { MenuLink } from "./menu-link";

/**
 * The quiz editor's own menu (docs/product.md "Pages and menus"). Quiz setup opens the
 * config-action page and, while it is open, shows its sub-menu.
 */
export function EditorNavbar({ quizId, onNavigate }: { quizId: string; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const section = (to: QuizEditorSection, key: string) => (
    <MenuLink
      to={paths.quizSection(quizId, to)}
      label={t(key)}
      onNavigate={onNavigate}
      data-testid={`editor-nav-${to}`}
    />
  );
  const configActionPath = paths.quizSection(quizId, "config-action");
  const inConfigAction = pathname === configActionPath;

  return (
    <nav className={classes.nav} aria-label={t("layout:editor.nav.label")}>
      {section("design-settings", "layout:editor.nav.design")}
      {section("integration", "layout:editor.nav.integration")}
      {section("settings", "layout:editor.nav.settings")}
      <MenuLink
        to={paths.settings()}
        label={t("layout:editor.nav.account")}
        onNavigate={onNavigate}
        data-testid="editor-nav-account"
      />
      <MenuLink
        to={paths.home()}
        label={t("layout:editor.nav.backToProjects")}
        onNavigate={onNavigate}
        data-testid="editor-nav-back"
      />
      <Divider my="xs" />
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
        {t("layout:editor.nav.editorGroup")}
      </Text>
      {section("questions", "layout:editor.nav.questions")}
      {section("results", "layout:editor.nav.results")}
      {section("form-contacts", "layout:editor.nav.contactForm")}
      {section("addition", "layout:editor.nav.additions")}
      <MenuLink
        to={configActionPath}
        label={t("layout:editor.nav.configAction")}
        onNavigate={onNavigate}
        data-testid="editor-nav-config-action"
      />
      {inConfigAction && (
        <Box pl="md" data-testid="editor-config-action-menu">
          {configActionSections.map((sub) => (
            <MenuLink
              key={sub}
              to={paths.configAction(quizId, sub)}
              label={t(`layout:editor.configAction.${sub}`)}
              onNavigate={onNavigate}
              data-testid={`editor-nav-config-action-${sub}`}
            />
          ))}
        </Box>
      )}
    </nav>
  );
}
