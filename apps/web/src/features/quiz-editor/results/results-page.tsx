import { endpoints, type Result } from "@leadquiz/contract";
import {
  Alert,
  Button,
  Grid,
  Group,
  Loader,
  Menu,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useApiClient } from "@/shared/api/services-context";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { MoreActionsButton } from "@/shared/ui/more-actions-button";
import { useEditorQuiz } from "../fields/use-editor-quiz";
import { useUndoableCreate } from "../fields/use-undoable-create";
import { cacheUpdate, useEditorWrites } from "../state/editor-writes";
import { resultsQueryKey, useQuizQuestions, useResults } from "./api/result-queries";
import { ResultLogicTab } from "./result-logic-tab";
import { ResultValueTab } from "./result-value-tab";
import { ResultViewTab } from "./result-view-tab";
import { ResultsSettings } from "./results-settings";
import { useResultListWrites } from "./use-result-list-writes";

const tabs = ["view", "value", "logic"] as const;
const gridBreakpoints = { xs: "400px", sm: "560px", md: "760px", lg: "960px", xl: "1200px" };
type ResultTab = (typeof tabs)[number];
const isTab = (value: string | null): value is ResultTab =>
  value !== null && (tabs as readonly string[]).includes(value);

/**
 * `/quiz/{id}/results`: the list of results (add, copy, delete) and the chosen result's
 * sub-tabs page view, value assignment and logic setup (`?result=` and `?tab=`).
 */
export function ResultsPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("layout:editor.nav.results")} · Leadquiz`);
  const { quizId, quiz } = useEditorQuiz();
  const api = useApiClient();
  const { writeEdit } = useEditorWrites();
  const createUndoable = useUndoableCreate();
  const results = useResults(quizId);
  const questions = useQuizQuestions(quizId);
  const [params, setParams] = useSearchParams();
  const [deleting, setDeleting] = useState<Result | null>(null);

  const list = results.data ?? [];
  const wanted = Number(params.get("result"));
  const current = list.find((result) => result.id === wanted) ?? list[0];
  const tab: ResultTab = isTab(params.get("tab")) ? (params.get("tab") as ResultTab) : "view";
  const choose = (id: number, nextTab: ResultTab = tab) =>
    setParams({ result: String(id), tab: nextTab }, { replace: true });

  const key = resultsQueryKey(quizId);
  const add = async () => {
    const created = await createUndoable({
      label: t("results:list.add"),
      create: () => api.call(endpoints.createResult, { body: { quiz: quizId } }),
      remove: (id) => api.call(endpoints.deleteResult, { params: { id } }),
      refresh: [key],
    });
    if (created.ok) choose(created.value.id, "view");
  };
  /** Moves a result one place up or down (the first eligible one is shown first). */
  const move = (result: Result, by: -1 | 1) => {
    const other = list[list.indexOf(result) + by];
    if (!other) return;
    // Adjacent results trade places: the same swap shows the move and its undo at once.
    const swap = cacheUpdate<Result[]>(key, (old) => {
      const a = old.findIndex((r) => r.id === result.id);
      const b = old.findIndex((r) => r.id === other.id);
      return old.map((r, i) => (i === a ? (old[b] ?? r) : i === b ? (old[a] ?? r) : r));
    });
    const place = (sort: number) => ({
      send: () => api.call(endpoints.updateResult, { params: { id: result.id }, body: { sort } }),
      optimistic: [swap],
      refresh: [key],
    });
    void writeEdit({
      label: t("results:list.moved"),
      apply: place(other.sort),
      revert: place(result.sort),
    });
  };
  const resultWrites = useResultListWrites(quizId);
  const copy = async (result: Result) => {
    const copied = await resultWrites.copy(result);
    if (copied.ok) choose(copied.value.id);
  };
  const remove = async (result: Result) => {
    setDeleting(null);
    const next = list.find((other) => other.id !== result.id);
    if (next) choose(next.id);
    await resultWrites.remove(result);
  };

  if (results.isPending || !quiz) return <Loader role="status" aria-label={t("results:loading")} />;

  return (
    <Stack gap="md" data-testid="results-page">
      <Title order={1} size="h2">
        {t("results:title")}
      </Title>
      {/* Container breakpoints: the preview panel beside the tab takes part of the width. */}
      <Grid gutter="md" type="container" breakpoints={gridBreakpoints}>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            <Paper withBorder p="sm" radius="md">
              <Group justify="space-between" mb="xs">
                <Title order={2} size="h5">
                  {t("results:list.title")}
                </Title>
                <Button size="xs" onClick={() => void add()} data-testid="add-result">
                  {t("results:list.add")}
                </Button>
              </Group>
              {list.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t("results:list.empty")}
                </Text>
              ) : (
                <Stack gap={4} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
                  {list.map((result, index) => (
                    <Group
                      key={result.id}
                      component="li"
                      gap={4}
                      wrap="nowrap"
                      bg={result.id === current?.id ? "blue.0" : "transparent"}
                      style={{ borderRadius: 6 }}
                    >
                      <UnstyledButton
                        onClick={() => choose(result.id)}
                        aria-current={result.id === current?.id ? "true" : undefined}
                        px="xs"
                        py={6}
                        style={{ flex: 1, minWidth: 0 }}
                        data-testid="result-item"
                      >
                        <Text size="sm" truncate>
                          {index + 1}. {result.title || t("results:list.untitled")}
                        </Text>
                      </UnstyledButton>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <MoreActionsButton
                            label={t("results:list.actions", {
                              title: result.title || t("results:list.untitled"),
                            })}
                          />
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item disabled={index === 0} onClick={() => move(result, -1)}>
                            {t("results:list.moveUp")}
                          </Menu.Item>
                          <Menu.Item
                            disabled={index === list.length - 1}
                            onClick={() => move(result, 1)}
                          >
                            {t("results:list.moveDown")}
                          </Menu.Item>
                          <Menu.Item onClick={() => void copy(result)}>
                            {t("results:list.copy")}
                          </Menu.Item>
                          <Menu.Item color="red" onClick={() => setDeleting(result)}>
                            {t("results:list.delete")}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  ))}
                </Stack>
              )}
            </Paper>
            <ResultsSettings quiz={quiz} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {current ? (
            <Paper withBorder p="md" radius="md">
              <Tabs
                value={tab}
                onChange={(value) => isTab(value) && choose(current.id, value)}
                keepMounted={false}
              >
                <Tabs.List mb="md">
                  <Tabs.Tab value="view">{t("results:tabs.view")}</Tabs.Tab>
                  <Tabs.Tab value="value">{t("results:tabs.value")}</Tabs.Tab>
                  <Tabs.Tab value="logic">{t("results:tabs.logic")}</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="view">
                  <ResultViewTab key={current.id} result={current} quizId={quizId} />
                </Tabs.Panel>
                <Tabs.Panel value="value">
                  <ResultValueTab
                    key={current.id}
                    result={current}
                    quiz={quiz}
                    questions={questions.data ?? []}
                  />
                </Tabs.Panel>
                <Tabs.Panel value="logic">
                  <ResultLogicTab
                    key={current.id}
                    result={current}
                    quiz={quiz}
                    questions={questions.data ?? []}
                  />
                </Tabs.Panel>
              </Tabs>
            </Paper>
          ) : (
            <Alert color="blue" title={t("results:list.emptyTitle")}>
              {t("results:list.emptyHint")}
            </Alert>
          )}
        </Grid.Col>
      </Grid>
      <ConfirmDialog
        opened={deleting !== null}
        title={t("results:list.deleteTitle")}
        message={t("results:list.deleteMessage", {
          title: deleting?.title || t("results:list.untitled"),
        })}
        confirmLabel={t("results:list.delete")}
        danger
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
