import type { Quiz } from "@leadquiz/contract";
import { Anchor, Button, Group, Popover, Stack, Text, Tooltip } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { CopyTextButton } from "@/shared/ui/copy-text-button";
import { publicationState, usePublication } from "../api/quiz-queries";

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
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t("dashboard:shell.linkTitle")}
          </Text>
          {!quiz.is_published && (
            <Text size="sm" c="dimmed">
              {t("dashboard:shell.linkNotPublished")}
            </Text>
          )}
          <Anchor
            href={quiz.public_url}
            target="_blank"
            rel="noopener"
            size="sm"
            style={{ overflowWrap: "anywhere" }}
            data-testid="editor-public-url"
          >
            {quiz.public_url}
          </Anchor>
          <Group>
            <CopyTextButton text={quiz.public_url} data-testid="editor-copy-link" />
          </Group>
        </Stack>
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
 * Publish (or publish changes), each after a confirmation; a published quiz without
 * changes offers to unpublish it, also after a confirmation.
 */
export function PublishButton({ quiz, compact = false }: ControlProps) {
  const { t } = useTranslation();
  const { publish, unpublish } = usePublication(quiz);
  const [asking, setAsking] = useState<"publish" | "unpublish" | null>(null);
  const state = publicationState(quiz);
  const label =
    state === "draft"
      ? t("dashboard:shell.publish")
      : state === "changes"
        ? t("dashboard:shell.republish")
        : t("dashboard:shell.unpublish");
  return (
    <>
      <Button
        variant={state === "published" ? "default" : "filled"}
        size={compact ? "compact-sm" : "sm"}
        loading={publish.isPending || unpublish.isPending}
        onClick={() => setAsking(state === "published" ? "unpublish" : "publish")}
        data-testid="editor-publish"
      >
        {label}
      </Button>
      <ConfirmDialog
        opened={asking === "publish"}
        title={t("dashboard:shell.publishTitle")}
        message={t("dashboard:shell.publishMessage")}
        confirmLabel={t("dashboard:shell.publish")}
        onConfirm={() => {
          publish.mutate(quiz.id);
          setAsking(null);
        }}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        opened={asking === "unpublish"}
        title={t("dashboard:shell.unpublishTitle")}
        message={t("dashboard:shell.unpublishMessage")}
        confirmLabel={t("dashboard:shell.unpublish")}
        danger
        onConfirm={() => {
          unpublish.mutate(quiz.id);
          setAsking(null);
        }}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
