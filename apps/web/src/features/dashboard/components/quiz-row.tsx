import type { QuizSummary } from "@leadquiz/contract";
import { Anchor, Badge, Box, Button, Group, Menu, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "@/shared/i18n/format-date";
import { paths } from "@/shared/routing/paths";
import { CopyTextButton } from "@/shared/ui/copy-text-button";
import { MoreActionsButton } from "@/shared/ui/more-actions-button";

interface QuizRowProps {
  quiz: QuizSummary;
  onCopy: () => void;
  onMove: () => void;
  onDelete: () => void;
}

/** One quiz of a project: name (to the editor), status, dates, leads, public link, actions. */
export function QuizRow({ quiz, onCopy, onMove, onDelete }: QuizRowProps) {
  const { t, i18n } = useTranslation();
  const editor = paths.quizSection(quiz.id, "questions");
  return (
    <Box
      component="li"
      py="sm"
      px="md"
      style={{ borderTop: "1px solid var(--mantine-color-gray-3)", listStyle: "none" }}
      data-testid={`quiz-row-${quiz.id}`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Anchor
            component={Link}
            to={editor}
            fw={600}
            style={{ overflowWrap: "anywhere" }}
            data-testid="quiz-title"
          >
            {quiz.title}
          </Anchor>
          <Group gap="xs" wrap="wrap">
            <Badge
              variant="light"
              color={quiz.is_published ? "teal" : "gray"}
              tt="none"
              data-testid="quiz-status"
            >
              {quiz.is_published ? t("dashboard:quiz.published") : t("dashboard:quiz.draft")}
            </Badge>
            <Text size="sm" c="dimmed">
              {quiz.published_at
                ? t("dashboard:quiz.publishedAt", {
                    date: formatDateTime(quiz.published_at, i18n.language),
                  })
                : t("dashboard:quiz.createdAt", {
                    date: formatDateTime(quiz.created_at, i18n.language),
                  })}
            </Text>
            <Text size="sm" c="dimmed" data-testid="quiz-leads">
              {t("dashboard:quiz.leads", { count: quiz.leads_count })}
            </Text>
          </Group>
          {quiz.is_published && (
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Anchor
                href={quiz.public_url}
                target="_blank"
                rel="noopener"
                size="sm"
                truncate="end"
                aria-label={t("dashboard:quiz.publicLink", { title: quiz.title })}
                data-testid="quiz-public-link"
                style={{ minWidth: 0 }}
              >
                {quiz.public_url}
              </Anchor>
              <CopyTextButton text={quiz.public_url} data-testid="quiz-copy-link" />
            </Group>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Button
            component={Link}
            to={editor}
            size="xs"
            variant="light"
            visibleFrom="xs"
            aria-label={t("dashboard:quiz.editLabel", { title: quiz.title })}
          >
            {t("dashboard:quiz.edit")}
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <MoreActionsButton
                label={t("dashboard:quiz.actions", { title: quiz.title })}
                data-testid="quiz-actions"
              />
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component={Link} to={editor} hiddenFrom="xs">
                {t("dashboard:quiz.edit")}
              </Menu.Item>
              <Menu.Item
                component={Link}
                to={paths.quizAnalytics(quiz.id)}
                data-testid="quiz-analytics"
              >
                {t("dashboard:analytics.view")}
              </Menu.Item>
              <Menu.Item onClick={onCopy} data-testid="quiz-copy">
                {t("dashboard:quiz.copy")}
              </Menu.Item>
              <Menu.Item onClick={onMove} data-testid="quiz-move">
                {t("dashboard:quiz.move")}
              </Menu.Item>
              <Menu.Item color="red.8" onClick={onDelete} data-testid="quiz-delete">
                {t("dashboard:quiz.delete")}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Box>
  );
}
