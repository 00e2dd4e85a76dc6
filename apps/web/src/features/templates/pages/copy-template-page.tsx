import type { Project } from "@leadquiz/contract";
import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { isApiError } from "@/shared/api/api-error";
import { errorMessage } from "@/shared/api/error-message";
import { useProjects } from "@/shared/api/projects-queries";
import { paths } from "@/shared/routing/paths";
import { PageLoader } from "@/shared/ui/page-loader";
import { useCopyTemplate } from "../api/templates-api";

/** A clear dead end that leads somewhere: the template is unknown or there is no project. */
function DeadEnd({
  title,
  body,
  to,
  action,
}: {
  title: string;
  body: string;
  to: string;
  action: string;
}) {
  return (
    <Paper withBorder radius="md" p="xl" maw={640} data-testid="copy-template-dead-end">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed">{body}</Text>
        <Button component={Link} to={to}>
          {action}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * /copy-template/{quizId}, for links from outside: with one project the copy starts at
 * once; with several the owner chooses; then the editor of the copy opens.
 */
export function CopyTemplatePage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("templates:copy.title")} · Leadquiz`);
  const navigate = useNavigate();
  const { quizId } = useParams();
  const template = Number(quizId);
  const projects = useProjects();
  const copy = useCopyTemplate();
  const [chosen, setChosen] = useState<string | null>(null);
  const started = useRef(false);
  const list: Project[] = projects.data ?? [];
  const only = list.length === 1 ? list[0] : undefined;
  const valid = Number.isSafeInteger(template) && template > 0;

  const start = (project: number) =>
    copy.mutate(
      { template, project },
      { onSuccess: (quiz) => navigate(paths.quiz(quiz.id), { replace: true }) },
    );

  // One project: no question to ask.
  useEffect(() => {
    if (only && valid && !started.current) {
      started.current = true;
      copy.mutate(
        { template, project: only.id },
        { onSuccess: (quiz) => navigate(paths.quiz(quiz.id), { replace: true }) },
      );
    }
  }, [only, valid, template, copy, navigate]);

  const notFound = !valid || (isApiError(copy.error) && copy.error.status === 404);
  if (notFound) {
    return (
      <DeadEnd
        title={t("templates:copy.notFoundTitle")}
        body={t("templates:copy.notFoundBody")}
        to={list[0] ? paths.templates(list[0].id) : paths.home()}
        action={t("templates:copy.toCatalogue")}
      />
    );
  }
  if (projects.isPending || (only && !copy.isError)) {
    return <PageLoader />;
  }
  if (list.length === 0) {
    return (
      <DeadEnd
        title={t("templates:copy.noProjectTitle")}
        body={t("templates:copy.noProjectBody")}
        to={paths.home()}
        action={t("templates:copy.toDashboard")}
      />
    );
  }
  return (
    <Paper withBorder radius="md" p="xl" maw={640}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t("templates:copy.title")}
        </Title>
        <Text c="dimmed">{t("templates:copy.intro")}</Text>
        <Select
          label={t("templates:copy.project")}
          data={list.map((project) => ({ value: String(project.id), label: project.title }))}
          value={chosen ?? String(list[0]?.id ?? "")}
          onChange={setChosen}
          allowDeselect={false}
          data-testid="copy-template-project"
        />
        {copy.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(copy.error, t)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            loading={copy.isPending}
            onClick={() => start(Number(chosen ?? list[0]?.id))}
            data-testid="copy-template-submit"
          >
            {t("templates:copy.submit")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
