import type { Quiz } from "@leadquiz/contract";
import { Button, Popover, Tooltip } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { publicationState } from "@/shared/api/quiz-queries";
import { PublicLink } from "./public-link";
import { PublishModal } from "./publish-modal";

/** The quiz, and whether the bar is narrow (a phone): smaller buttons. */
interface ControlProps {
  quiz: Quiz;
  compact?: boolean;
}

/** "Link": the public address with a copy button (a note while the quiz is unpublished). */
export function LinkButton({ quiz, compact = false }: ControlProps) {
  const { t } = useTranslation();
  return (
    <Popover width={320} position="bottom-end" withArrow trapFocus returnFocus>
      <Popover.Target>
        <Button variant="default" size={compact ? "compact-sm" : "sm"} data-testid="editor-link">
          {t("dashboard:shell.link")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <PublicLink quiz={quiz} title={t("dashboard:shell.linkTitle")} testIdPrefix="editor" />
      </Popover.Dropdown>
    </Popover>
  );
}

/** "View": opens the published quiz as visitors see it (explains why not, before publishing). */
export function ViewButton({ quiz, compact = false }: ControlProps) {
  const { t } = useTranslation();
  if (!quiz.is_published) {
    return (
      <Tooltip label={t("dashboard:shell.linkNotPublished")} withArrow multiline w={240}>
        <Button
          variant="default"
          size={compact ? "compact-sm" : "sm"}
          data-disabled
          aria-disabled
          onClick={(event) => event.preventDefault()}
          data-testid="editor-view"
        >
          {t("dashboard:shell.view")}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Button
      component="a"
      href={quiz.public_url}
      target="_blank"
      rel="noopener"
      variant="default"
      size={compact ? "compact-sm" : "sm"}
      data-testid="editor-view"
    >
      {t("dashboard:shell.view")}
    </Button>
  );
}

/**
 * Publish, Publish changes, or Published: opens the publish modal (link, status, date,
 * publish or unpublish after a confirmation).
 */
export function PublishButton({ quiz, compact = false }: ControlProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const state = publicationState(quiz);
  const label =
    state === "draft"
      ? t("dashboard:shell.publish")
      : state === "changes"
        ? t("dashboard:shell.republish")
        : t("dashboard:shell.statusPublished");
  return (
    <>
      <Button
        variant={state === "published" ? "default" : "filled"}
        size={compact ? "compact-sm" : "sm"}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
        data-testid="editor-publish"
      >
        {label}
      </Button>
      <PublishModal quiz={quiz} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
