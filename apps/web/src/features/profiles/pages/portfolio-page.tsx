import { PORTFOLIO_MAX_ITEMS, type PortfolioItem } from "@leadquiz/contract";
import {
  Alert,
  Anchor,
  Button,
  Group,
  Image,
  Menu,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorMessage } from "@/shared/api/error-message";
import { paths } from "@/shared/routing/paths";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { MoreActionsButton } from "@/shared/ui/more-actions-button";
import { PageLoader } from "@/shared/ui/page-loader";
import { usePortfolio, usePortfolioMutations, useProfile } from "../api/profile-api";
import { LoadFailed } from "../components/page-parts";
import { PortfolioDialog } from "../components/portfolio-dialog";

/** One project as the owner sees it, with its actions. */
function PortfolioCard({
  item,
  onEdit,
  onDelete,
}: {
  item: PortfolioItem;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg" component="article" data-testid="portfolio-item">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h4" style={{ overflowWrap: "anywhere" }}>
            {item.name}
          </Title>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <MoreActionsButton
                label={t("courses:portfolio.actions", { name: item.name })}
                data-testid="portfolio-actions"
              />
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={onEdit}>{t("courses:portfolio.edit")}</Menu.Item>
              <Menu.Item color="red.8" onClick={onDelete}>
                {t("courses:portfolio.delete")}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        {item.file && item.file_kind === "image" ? (
          <Anchor href={item.file} target="_blank" rel="noopener noreferrer">
            <Image
              src={item.file}
              alt={t("courses:portfolio.imageAlt", { name: item.name })}
              radius="sm"
              mah={220}
              fit="cover"
            />
          </Anchor>
        ) : null}
        {item.file && item.file_kind !== "image" ? (
          <Anchor href={item.file} target="_blank" rel="noopener noreferrer" size="sm">
            {t("courses:portfolio.openFile")} ({t("courses:portfolio.pdf")})
          </Anchor>
        ) : null}
        {item.work_done ? (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t("courses:portfolio.workDone")}
            </Text>
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {item.work_done}
            </Text>
          </Stack>
        ) : null}
        {item.results ? (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t("courses:portfolio.results")}
            </Text>
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {item.results}
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** /courses/profile/portfolio: the owner's projects; add, edit, delete (after asking). */
export function PortfolioPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("courses:portfolio.title")} · Leadquiz`);
  const portfolio = usePortfolio();
  const profile = useProfile();
  const { remove } = usePortfolioMutations();
  // The dialog: closed (undefined), a new project (null) or the project edited.
  const [editing, setEditing] = useState<PortfolioItem | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<PortfolioItem | null>(null);

  if (portfolio.isPending) return <PageLoader />;
  if (!portfolio.data) {
    return (
      <LoadFailed
        title={t("courses:portfolio.loadFailed")}
        error={portfolio.error}
        retry={() => void portfolio.refetch()}
      />
    );
  }
  const items = portfolio.data;
  const full = items.length >= PORTFOLIO_MAX_ITEMS;

  return (
    <Stack gap="lg" maw={980}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2}>{t("courses:portfolio.title")}</Title>
        {items.length > 0 ? (
          <Button onClick={() => setEditing(null)} disabled={full} data-testid="portfolio-add">
            {t("courses:portfolio.add")}
          </Button>
        ) : null}
      </Group>
      <Text c="dimmed">{t("courses:portfolio.intro")}</Text>
      {profile.data && !profile.data.is_public ? (
        <Alert variant="light" color="indigo" data-testid="portfolio-private">
          <Group gap="sm" wrap="wrap">
            <Text size="sm">{t("courses:portfolio.privateHint")}</Text>
            <Anchor component={Link} to={paths.coursesProfile()} size="sm" fw={600}>
              {t("courses:portfolio.toProfile")}
            </Anchor>
          </Group>
        </Alert>
      ) : null}
      {items.length === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="portfolio-empty">
          <Stack gap="sm" align="center" ta="center">
            <Title order={3} size="h4">
              {t("courses:portfolio.emptyTitle")}
            </Title>
            <Text c="dimmed" maw={520}>
              {t("courses:portfolio.emptyText")}
            </Text>
            <Button onClick={() => setEditing(null)} data-testid="portfolio-add-first">
              {t("courses:portfolio.addFirst")}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="portfolio-count">
            {t("courses:portfolio.count", { count: items.length, max: PORTFOLIO_MAX_ITEMS })}
          </Text>
          {full ? (
            <Alert variant="light" color="yellow" c="dark.7">
              {t("courses:portfolio.full", { max: PORTFOLIO_MAX_ITEMS })}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {items.map((item) => (
              <PortfolioCard
                key={item.id}
                item={item}
                onEdit={() => setEditing(item)}
                onDelete={() => setDeleting(item)}
              />
            ))}
          </SimpleGrid>
        </>
      )}
      <PortfolioDialog
        item={editing ?? null}
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t("courses:portfolio.deleteTitle")}
        message={t("courses:portfolio.deleteMessage", { name: deleting?.name ?? "" })}
        confirmLabel={t("courses:portfolio.delete")}
        danger
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              notifications.show({ color: "green", message: t("courses:portfolio.deleted") });
            },
            onError: (failure) =>
              notifications.show({ color: "red", message: errorMessage(failure, t) }),
          });
        }}
      />
    </Stack>
  );
}
