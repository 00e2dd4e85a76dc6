import type { Quiz } from "@leadquiz/contract";
import { Alert, Badge, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "@/shared/api/api-error";
import { publicationState, quizQueryKey, usePublication } from "@/shared/api/quiz-queries";
import { tariffInfoQueryKey, useTariffInfo } from "@/shared/api/tariff-info";
import { formatDateTime } from "@/shared/i18n/format-date";
import { paths } from "@/shared/routing/paths";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { useMountOnOpen } from "@/shared/ui/mount-on-open";
import { PublicLink } from "./public-link";

interface PublishModalProps {
  quiz: Quiz;
  opened: boolean;
  onClose: () => void;
}

// Named colours: their light-variant texts are the AA shades of theme.ts.
export const publicationColors = { published: "teal", changes: "orange", draft: "gray" } as const;

/** The status words of a publication state (the footer's chip and the modal). */
export function usePublicationStatus(quiz: Quiz) {
  const { t } = useTranslation();
  const state = publicationState(quiz);
  const label =
    state === "draft"
      ? t("dashboard:shell.statusDraft")
      : state === "changes"
        ? t("dashboard:shell.statusChanges")
        : t("dashboard:shell.statusPublished");
  return { state, label, color: publicationColors[state] };
}

/**
 * The publish modal (docs/editor.md "Preview, publishing, history"): the link for visitors
 * with a copy button, the status, the date and time of the last publish, publish /
 * publish changes / unpublish (each after a confirmation), and the notice of an expired
 * tariff: read from `GET tariffinfo/` when the modal opens (so it shows before trying, and
 * only once the tariff has ended), or from the server's 403 `tariff_expired` to a publish.
 */
export function PublishModal({ quiz, opened, onClose }: PublishModalProps) {
  // Mounted when first opened: the editor's frame does not render it with every opening.
  const modal = useMountOnOpen(opened);
  if (!modal.mounted) return null;
  return <PublishDialog quiz={quiz} opened={modal.opened} onClose={onClose} />;
}

function PublishDialog({ quiz, opened, onClose }: PublishModalProps) {
  const { t, i18n } = useTranslation();
  const { publish, unpublish } = usePublication(quiz);
  const [asking, setAsking] = useState<"publish" | "unpublish" | null>(null);
  const status = usePublicationStatus(quiz);
  const queryClient = useQueryClient();
  // Read only once the modal is opened: opening the editor costs no tariff request.
  const tariff = useTariffInfo({ enabled: opened });
  // The status and the tariff as the server has them now (a change may have been made in
  // another tab, or the tariff ended while the editor was open).
  // A refusal of an earlier opening is forgotten: the tariff read now says whether it holds.
  const { reset: resetPublish } = publish;
  const { reset: resetUnpublish } = unpublish;
  useEffect(() => {
    if (!opened) return;
    resetPublish();
    resetUnpublish();
    void queryClient.invalidateQueries({ queryKey: quizQueryKey(quiz.id) });
    void queryClient.invalidateQueries({ queryKey: tariffInfoQueryKey });
  }, [opened, queryClient, quiz.id, resetPublish, resetUnpublish]);
  const refused = [publish.error, unpublish.error].some(
    (error) => isApiError(error) && error.code === "tariff_expired",
  );
  const tariffExpired = refused || tariff.data?.is_active === false;
  const publishLabel =
    status.state === "draft" ? t("dashboard:shell.publish") : t("dashboard:shell.republish");
  return (
    <>
      <Modal
        opened={opened && asking === null}
        onClose={onClose}
        title={t("editor:publish.title")}
        centered
        trapFocus
        returnFocus
      >
        <Stack gap="md" data-testid="publish-modal">
          {tariffExpired && (
            <Alert color="red" title={t("editor:publish.tariffExpiredTitle")} role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm" data-testid="publish-tariff-expired">
                  {t("errors:tariff_expired")}
                </Text>
                <Button
                  size="xs"
                  component={Link}
                  to={paths.balanceMyRate()}
                  data-testid="publish-renew"
                >
                  {t("money:banner.renew")}
                </Button>
              </Stack>
            </Alert>
          )}
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {t("editor:publish.status")}
            </Text>
            <Badge variant="light" color={status.color} tt="none" data-testid="publish-status">
              {status.label}
            </Badge>
          </Group>
          <Text size="sm" data-testid="publish-date">
            {quiz.published_at
              ? t("editor:publish.publishedAt", {
                  date: formatDateTime(quiz.published_at, i18n.language),
                })
              : t("editor:publish.neverPublished")}
          </Text>
          {status.state === "changes" && (
            <Alert color="orange" variant="light" data-testid="publish-changes-note">
              {t("editor:publish.changesNote")}
            </Alert>
          )}
          <PublicLink quiz={quiz} title={t("editor:publish.link")} testIdPrefix="publish" />
          <Group justify="flex-end" gap="xs">
            {quiz.is_published && (
              <Button
                variant="default"
                color="red"
                onClick={() => setAsking("unpublish")}
                loading={unpublish.isPending}
                data-testid="publish-unpublish"
              >
                {t("dashboard:shell.unpublish")}
              </Button>
            )}
            {status.state !== "published" && (
              <Button
                onClick={() => setAsking("publish")}
                loading={publish.isPending}
                // The server refuses a publish once the tariff has ended (the notice says so).
                disabled={tariffExpired}
                data-testid="publish-confirm"
              >
                {publishLabel}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={asking === "publish"}
        title={t("dashboard:shell.publishTitle")}
        message={t("dashboard:shell.publishMessage")}
        confirmLabel={publishLabel}
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
