import type { Project, QuizSummary } from "@leadquiz/contract";
import { Button, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/shared/routing/paths";
import { DialogModal } from "@/shared/ui/dialog-modal";

const projectOptions = (projects: readonly Project[]) =>
  projects.map((p) => ({ value: String(p.id), label: p.title }));

interface NewQuizModalProps {
  opened: boolean;
  projects: readonly Project[];
  /** The project chosen when the dialog opens (the first one otherwise). */
  projectId: number | null;
  creating: boolean;
  onCreate: (project: number, title: string) => void;
  onClose: () => void;
}

/** Creating a quiz: in which project, its name; from scratch or from a template. */
export function NewQuizModal({
  opened,
  projects,
  projectId,
  creating,
  onCreate,
  onClose,
}: NewQuizModalProps) {
  const { t } = useTranslation();
  const [project, setProject] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  useEffect(() => {
    if (!opened) return;
    setProject(String(projectId ?? projects[0]?.id ?? ""));
    setTitle("");
  }, [opened, projectId, projects]);
  const chosen = Number(project);
  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title={t("dashboard:quiz.createTitle")}
      centered
      data-testid="new-quiz-dialog"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen > 0) onCreate(chosen, title.trim() || t("dashboard:quiz.titlePlaceholder"));
        }}
      >
        <Stack gap="sm">
          <Select
            label={t("dashboard:quiz.projectLabel")}
            data={projectOptions(projects)}
            value={project}
            onChange={setProject}
            allowDeselect={false}
            data-testid="new-quiz-project"
          />
          <TextInput
            label={t("dashboard:quiz.titleLabel")}
            placeholder={t("dashboard:quiz.titlePlaceholder")}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            maxLength={500}
            data-autofocus
            data-testid="new-quiz-title"
          />
        </Stack>
        <Group justify="flex-end" mt="lg" gap="sm" wrap="wrap">
          <Button
            variant="default"
            component={Link}
            to={paths.templates(chosen > 0 ? chosen : "")}
            data-testid="new-quiz-template"
          >
            {t("dashboard:quiz.fromTemplate")}
          </Button>
          <Button type="submit" loading={creating} data-testid="new-quiz-submit">
            {t("dashboard:quiz.fromScratch")}
          </Button>
        </Group>
      </form>
    </DialogModal>
  );
}

interface MoveQuizModalProps {
  quiz: QuizSummary | null;
  projects: readonly Project[];
  onMove: (quiz: QuizSummary, project: number) => void;
  onClose: () => void;
}

/** Moving a quiz to another project of the account. */
export function MoveQuizModal({ quiz, projects, onMove, onClose }: MoveQuizModalProps) {
  const { t } = useTranslation();
  const others = projects.filter((p) => p.id !== quiz?.project);
  // The page gives each quiz its own instance (key), so the choice starts empty.
  const [target, setTarget] = useState<string | null>(null);
  const chosen = target ?? (others[0] ? String(others[0].id) : null);
  return (
    <DialogModal
      opened={quiz !== null}
      onClose={onClose}
      title={t("dashboard:quiz.moveTitle", { title: quiz?.title ?? "" })}
      centered
      data-testid="move-quiz-dialog"
    >
      {others.length === 0 ? (
        <Text>{t("dashboard:quiz.noOtherProject")}</Text>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (quiz && chosen) onMove(quiz, Number(chosen));
          }}
        >
          <Select
            label={t("dashboard:quiz.moveTo")}
            data={projectOptions(others)}
            value={chosen}
            onChange={setTarget}
            allowDeselect={false}
            data-autofocus
            data-testid="move-quiz-project"
          />
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("dashboard:dialog.cancel")}
            </Button>
            <Button type="submit" data-testid="move-quiz-submit">
              {t("dashboard:quiz.moveSubmit")}
            </Button>
          </Group>
        </form>
      )}
    </DialogModal>
  );
}
