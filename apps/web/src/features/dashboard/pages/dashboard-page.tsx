import {
  isSiteAddress,
  type Project,
  type QuizSummary,
  TITLE_MAX_LENGTH,
} from "@leadquiz/contract";
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { errorMessage } from "@/shared/api/error-message";
import { countQuizzes } from "@/shared/api/projects-cache";
import { useDashboardActions, useProjects } from "@/shared/api/projects-queries";
import { paths } from "@/shared/routing/paths";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { TariffLimitPrompt } from "@/shared/ui/tariff-limit-prompt";
import { TextPromptModal } from "@/shared/ui/text-prompt-modal";
import { ProjectCard, type ProjectCardActions } from "../components/project-card";
import { MoveQuizModal, NewQuizModal } from "../components/quiz-dialogs";

type Dialog =
  | { kind: "newProject" }
  | { kind: "rename"; project: Project }
  | { kind: "deleteProject"; project: Project }
  | { kind: "addSite"; project: Project }
  | { kind: "newQuiz"; projectId: number | null }
  | { kind: "moveQuiz"; quiz: QuizSummary }
  | { kind: "deleteQuiz"; quiz: QuizSummary }
  | { kind: "projectLimit" }
  | null;

/**
 * The projects dashboard (`/`, docs/product.md "Pages and menus"): projects, their sites
 * and quizzes.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("dashboard:title")} · Leadquiz`);
  const navigate = useNavigate();
  const projects = useProjects();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const actions = useDashboardActions({
    onQuizCreated: (quiz) => navigate(paths.quizSection(quiz.id, "questions")),
    onProjectLimit: () => setDialog({ kind: "projectLimit" }),
  });
  const list = projects.data ?? [];

  const cardActions: ProjectCardActions = {
    onRename: (project) => setDialog({ kind: "rename", project }),
    onCopy: (project) => actions.copyProject.mutate(project.id),
    onDelete: (project) => setDialog({ kind: "deleteProject", project }),
    onAddSite: (project) => setDialog({ kind: "addSite", project }),
    onRemoveSite: (project, site) =>
      actions.setSites.mutate({ id: project.id, sites: project.sites.filter((s) => s !== site) }),
    onAddQuiz: (project) => setDialog({ kind: "newQuiz", projectId: project.id }),
    onCopyQuiz: (quiz) => actions.copyQuiz.mutate(quiz.id),
    onMoveQuiz: (quiz) => setDialog({ kind: "moveQuiz", quiz }),
    onDeleteQuiz: (quiz) => setDialog({ kind: "deleteQuiz", quiz }),
  };

  /** First run: a project when there is none, then a quiz in it, then the editor. */
  const createFirstQuiz = async () => {
    // A refused project is already shown (the limit prompt or a toast) by the mutation.
    const project =
      list[0] ??
      (await actions.createFirstProject
        .mutateAsync(t("dashboard:project.defaultTitle"))
        .catch(() => null));
    if (!project) return;
    actions.createQuiz.mutate({ project: project.id, title: t("dashboard:quiz.titlePlaceholder") });
  };
  const busyFirst = actions.createFirstProject.isPending || actions.createQuiz.isPending;

  return (
    <Stack gap="lg" maw={1100} mx="auto" data-testid="dashboard">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t("dashboard:title")}
        </Title>
        {list.length > 0 && (
          <Group gap="sm">
            <Button
              variant="default"
              onClick={() => setDialog({ kind: "newProject" })}
              data-testid="new-project"
            >
              + {t("dashboard:project.new")}
            </Button>
            <Button
              onClick={() => setDialog({ kind: "newQuiz", projectId: null })}
              data-testid="new-quiz"
            >
              + {t("dashboard:quiz.new")}
            </Button>
          </Group>
        )}
      </Group>

      {projects.isPending && (
        <Stack gap="md" aria-busy>
          <Skeleton h={140} radius="md" />
          <Skeleton h={140} radius="md" />
        </Stack>
      )}
      {projects.isError && (
        <Alert color="red" variant="light" title={t("dashboard:loadError")} role="alert">
          <Text size="sm" mb="sm">
            {errorMessage(projects.error, t)}
          </Text>
          <Button size="xs" variant="white" onClick={() => void projects.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </Alert>
      )}

      {projects.isSuccess && countQuizzes(list) === 0 && (
        <FirstRun firstProject={list[0]} busy={busyFirst} onCreate={() => void createFirstQuiz()} />
      )}

      {list.map((project) => (
        <ProjectCard key={project.id} project={project} actions={cardActions} />
      ))}

      <ProjectDialogs dialog={dialog} actions={actions} close={close} />
      <QuizDialogs dialog={dialog} projects={list} actions={actions} close={close} />
    </Stack>
  );
}

type DashboardActions = ReturnType<typeof useDashboardActions>;

/** The first run's panel: one button makes a project (if none) and a quiz, then opens it. */
function FirstRun({
  firstProject,
  busy,
  onCreate,
}: {
  firstProject: Project | undefined;
  busy: boolean;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: "lg", sm: "xl" }} data-testid="first-run">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="xl">
          {t("dashboard:firstRun.title")}
        </Title>
        <Text>{t("dashboard:firstRun.text")}</Text>
        <Text c="dimmed" size="sm">
          {t("dashboard:firstRun.steps")}
        </Text>
        <Group gap="sm" mt="xs">
          <Button size="md" loading={busy} onClick={onCreate} data-testid="first-quiz">
            {t("dashboard:firstRun.createFirst")}
          </Button>
          {firstProject && (
            <Button
              size="md"
              variant="default"
              component={Link}
              to={paths.templates(firstProject.id)}
            >
              {t("dashboard:firstRun.browseTemplates")}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The dialogs of a project: new, rename, add a site, delete. */
function ProjectDialogs({
  dialog,
  actions,
  close,
}: {
  dialog: Dialog;
  actions: DashboardActions;
  close: () => void;
}) {
  const { t } = useTranslation();
  const requiredTitle = (value: string) => {
    if (value.trim() === "") return t("dashboard:project.titleRequired");
    return value.length > TITLE_MAX_LENGTH ? t("validation:too_long") : null;
  };
  return (
    <>
      <TextPromptModal
        opened={dialog?.kind === "newProject"}
        title={t("dashboard:project.newTitle")}
        label={t("dashboard:project.titleLabel")}
        initialValue=""
        submitLabel={t("dashboard:project.new")}
        validate={requiredTitle}
        onSubmit={(title) => {
          actions.createProject.mutate(title);
          close();
        }}
        onClose={close}
        data-testid="new-project-dialog"
      />
      <TextPromptModal
        opened={dialog?.kind === "rename"}
        title={t("dashboard:project.renameTitle")}
        label={t("dashboard:project.titleLabel")}
        initialValue={dialog?.kind === "rename" ? dialog.project.title : ""}
        validate={requiredTitle}
        onSubmit={(title) => {
          if (dialog?.kind === "rename")
            actions.renameProject.mutate({ id: dialog.project.id, title });
          close();
        }}
        onClose={close}
        data-testid="rename-project-dialog"
      />
      <TextPromptModal
        opened={dialog?.kind === "addSite"}
        title={t("dashboard:sites.addTitle", {
          title: dialog?.kind === "addSite" ? dialog.project.title : "",
        })}
        label={t("dashboard:sites.urlLabel")}
        placeholder={t("dashboard:sites.urlPlaceholder")}
        submitLabel={t("dashboard:sites.add")}
        validate={(value) => {
          const site = value.trim();
          if (!isSiteAddress(site)) return t("dashboard:sites.invalid");
          if (dialog?.kind === "addSite" && dialog.project.sites.includes(site)) {
            return t("dashboard:sites.duplicate");
          }
          return null;
        }}
        onSubmit={(site) => {
          if (dialog?.kind === "addSite") {
            actions.setSites.mutate({
              id: dialog.project.id,
              sites: [...dialog.project.sites, site],
            });
          }
          close();
        }}
        onClose={close}
        data-testid="add-site-dialog"
      />
      <ConfirmDialog
        opened={dialog?.kind === "deleteProject"}
        title={t("dashboard:project.deleteTitle")}
        message={
          dialog?.kind === "deleteProject"
            ? t("dashboard:project.deleteMessage", {
                title: dialog.project.title,
                count: dialog.project.quizzes.length,
              })
            : ""
        }
        confirmLabel={t("dashboard:project.delete")}
        danger
        onConfirm={() => {
          if (dialog?.kind === "deleteProject") actions.deleteProject.mutate(dialog.project.id);
          close();
        }}
        onClose={close}
      />
    </>
  );
}

/** The dialogs of a quiz (new, move, delete) and the project limit's prompt. */
function QuizDialogs({
  dialog,
  projects,
  actions,
  close,
}: {
  dialog: Dialog;
  projects: Project[];
  actions: DashboardActions;
  close: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ConfirmDialog
        opened={dialog?.kind === "deleteQuiz"}
        title={t("dashboard:quiz.deleteTitle")}
        message={
          dialog?.kind === "deleteQuiz"
            ? t("dashboard:quiz.deleteMessage", { title: dialog.quiz.title })
            : ""
        }
        confirmLabel={t("dashboard:quiz.delete")}
        danger
        onConfirm={() => {
          if (dialog?.kind === "deleteQuiz") actions.deleteQuiz.mutate(dialog.quiz.id);
          close();
        }}
        onClose={close}
      />
      <NewQuizModal
        opened={dialog?.kind === "newQuiz"}
        projects={projects}
        projectId={dialog?.kind === "newQuiz" ? dialog.projectId : null}
        creating={actions.createQuiz.isPending}
        onCreate={(project, title) => actions.createQuiz.mutate({ project, title })}
        onClose={close}
      />
      <MoveQuizModal
        key={dialog?.kind === "moveQuiz" ? dialog.quiz.id : "closed"}
        quiz={dialog?.kind === "moveQuiz" ? dialog.quiz : null}
        projects={projects}
        onMove={(quiz, project) => {
          actions.moveQuiz.mutate({ id: quiz.id, project });
          close();
        }}
        onClose={close}
      />
      <TariffLimitPrompt
        kind={dialog?.kind === "projectLimit" ? "project" : null}
        onClose={close}
      />
    </>
  );
}
