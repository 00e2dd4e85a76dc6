import type { Project, QuizSummary } from "@leadquiz/contract";
import { Anchor, Box, Button, Group, Menu, Paper, Pill, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/shared/routing/paths";
import { MoreActionsButton } from "@/shared/ui/more-actions-button";
import { QuizRow } from "./quiz-row";

export interface ProjectCardActions {
  onRename: (project: Project) => void;
  onCopy: (project: Project) => void;
  onDelete: (project: Project) => void;
  onAddSite: (project: Project) => void;
  onRemoveSite: (project: Project, site: string) => void;
  onAddQuiz: (project: Project) => void;
  onCopyQuiz: (quiz: QuizSummary) => void;
  onMoveQuiz: (quiz: QuizSummary) => void;
  onDeleteQuiz: (quiz: QuizSummary) => void;
}

/** An address to open for a site typed as a host name ("example.com"). */
function siteHref(site: string): string {
  return /^https?:\/\//i.test(site) ? site : `https://${site}`;
}

/** A project: its name and actions, its sites, its quizzes, and adding a quiz. */
export function ProjectCard({
  project,
  actions,
}: {
  project: Project;
  actions: ProjectCardActions;
}) {
  const { t } = useTranslation();
  const headingId = `project-${project.id}-title`;
  return (
    <Paper
      withBorder
      radius="md"
      p={0}
      component="section"
      aria-labelledby={headingId}
      data-testid={`project-${project.id}`}
    >
      <Group justify="space-between" wrap="nowrap" p="md" pb="xs" gap="sm">
        <Box style={{ minWidth: 0 }}>
          <Title order={3} fz="lg" id={headingId} style={{ overflowWrap: "anywhere" }}>
            {project.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t("dashboard:project.quizCount", { count: project.quizzes.length })}
          </Text>
        </Box>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <MoreActionsButton
              label={t("dashboard:project.actions", { title: project.title })}
              data-testid="project-actions"
            />
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => actions.onRename(project)} data-testid="project-rename">
              {t("dashboard:project.rename")}
            </Menu.Item>
            <Menu.Item onClick={() => actions.onAddSite(project)} data-testid="project-add-site">
              {t("dashboard:sites.add")}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.projectAnalytics(project.id)}
              data-testid="project-analytics"
            >
              {t("dashboard:analytics.view")}
            </Menu.Item>
            <Menu.Item onClick={() => actions.onCopy(project)} data-testid="project-copy">
              {t("dashboard:project.copy")}
            </Menu.Item>
            <Menu.Item
              color="red.8"
              onClick={() => actions.onDelete(project)}
              data-testid="project-delete"
            >
              {t("dashboard:project.delete")}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>

      <Group gap="xs" px="md" pb="sm" wrap="wrap" data-testid="project-sites">
        <Text size="sm" fw={500}>
          {t("dashboard:sites.label")}:
        </Text>
        {project.sites.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("dashboard:sites.none")}
          </Text>
        )}
        {project.sites.map((site) => (
          <Pill
            key={site}
            withRemoveButton
            onRemove={() => actions.onRemoveSite(project, site)}
            removeButtonProps={{ "aria-label": t("dashboard:sites.remove", { site }) }}
            data-testid="project-site"
          >
            <Anchor href={siteHref(site)} target="_blank" rel="noopener" size="sm">
              {site}
            </Anchor>
          </Pill>
        ))}
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => actions.onAddSite(project)}
          data-testid="project-add-site-inline"
        >
          + {t("dashboard:sites.add")}
        </Button>
      </Group>

      {project.quizzes.length === 0 ? (
        <Text size="sm" c="dimmed" px="md" pb="sm">
          {t("dashboard:project.noQuizzes")}
        </Text>
      ) : (
        <Box component="ul" m={0} p={0} data-testid="project-quizzes">
          {project.quizzes.map((quiz) => (
            <QuizRow
              key={quiz.id}
              quiz={quiz}
              onCopy={() => actions.onCopyQuiz(quiz)}
              onMove={() => actions.onMoveQuiz(quiz)}
              onDelete={() => actions.onDeleteQuiz(quiz)}
            />
          ))}
        </Box>
      )}

      <Group
        gap="sm"
        p="md"
        pt="sm"
        style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}
        wrap="wrap"
      >
        <Button size="sm" onClick={() => actions.onAddQuiz(project)} data-testid="project-add-quiz">
          + {t("dashboard:quiz.add")}
        </Button>
        <Button
          size="sm"
          variant="default"
          component={Link}
          to={paths.templates(project.id)}
          data-testid="project-templates"
        >
          {t("dashboard:quiz.fromTemplate")}
        </Button>
        <Button
          size="sm"
          variant="default"
          component={Link}
          to={paths.projectAnalytics(project.id)}
          aria-label={t("dashboard:analytics.viewOf", { title: project.title })}
          data-testid="project-view-analytics"
        >
          {t("dashboard:analytics.view")}
        </Button>
      </Group>
    </Paper>
  );
}
