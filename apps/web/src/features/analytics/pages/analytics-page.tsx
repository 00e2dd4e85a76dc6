import "@mantine/charts/styles.css";
import { BarChart, LineChart } from "@mantine/charts";
import {
  Alert,
  Anchor,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { errorMessage } from "@/shared/api/error-message";
import { useProjects } from "@/shared/api/projects-queries";
import { paths } from "@/shared/routing/paths";
import { type DayRange, lastDays, useAnalytics } from "../api/analytics-queries";
import {
  DaysTable,
  FunnelTable,
  QuestionsTable,
  SourcesTable,
} from "../components/analytics-tables";
import { funnelSteps } from "../components/funnel";

const PRESETS = ["7", "30", "90"] as const;
const ALL_SOURCES = "*";

/** The name of the quiz or project the report is of, from the dashboard's list. */
function useSubjectTitle(kind: "quiz" | "project", id: number): string | undefined {
  const projects = useProjects();
  const list = projects.data ?? [];
  if (kind === "project") return list.find((project) => project.id === id)?.title;
  return list.flatMap((project) => project.quizzes).find((quiz) => quiz.id === id)?.title;
}

/**
 * Analytics of a quiz or a project (`/analytics/quiz/:id`, `/analytics/project/:id`,
 * docs/analytics.md): totals and conversion, the funnel, visits per day and per source for
 * a range of days; every chart's numbers are also in a table.
 */
export function AnalyticsPage({ kind }: { kind: "quiz" | "project" }) {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const id = Number(kind === "quiz" ? params.quizId : params.projectId);
  const title = useSubjectTitle(kind, id);
  const heading = t(
    kind === "quiz" ? "dashboard:analytics.quizTitle" : "dashboard:analytics.projectTitle",
    {
      title: title ?? "",
    },
  );
  useDocumentTitle(`${heading} · Leadquiz`);
  const [preset, setPreset] = useState<string>("30");
  const [range, setRange] = useState<DayRange>(() => lastDays(30));
  const [source, setSource] = useState<string>(ALL_SOURCES);
  const report = useAnalytics({ kind, id }, range, source === ALL_SOURCES ? undefined : source);
  const number = new Intl.NumberFormat(i18n.language);
  const data = report.data;
  const steps = data ? funnelSteps(data, t, kind === "quiz") : [];
  const sources = data?.by_source.map((s) => s.utm_source) ?? [];
  if (source !== ALL_SOURCES && !sources.includes(source)) sources.push(source);

  const choosePreset = (value: string) => {
    setPreset(value);
    setRange(lastDays(Number(value)));
  };
  const setDay = (which: keyof DayRange, value: string) => {
    if (!value) return;
    setPreset("");
    setRange((current) => ({ ...current, [which]: value }));
  };

  return (
    <Stack gap="lg" data-testid="analytics-page">
      <Stack gap={4}>
        <Anchor component={Link} to={paths.home()} size="sm">
          ← {t("dashboard:analytics.back")}
        </Anchor>
        <Title order={1} fz="h2">
          {heading}
        </Title>
        <Text size="sm" c="dimmed">
          {t("dashboard:analytics.note")}
        </Text>
      </Stack>

      <Group
        align="flex-end"
        gap="md"
        wrap="wrap"
        role="group"
        aria-label={t("dashboard:analytics.range")}
      >
        <SegmentedControl
          value={preset}
          onChange={choosePreset}
          data={PRESETS.map((days) => ({
            value: days,
            label: t("dashboard:analytics.lastDays", { count: Number(days) }),
          }))}
          aria-label={t("dashboard:analytics.presets")}
          data-testid="analytics-presets"
        />
        <TextInput
          type="date"
          label={t("dashboard:analytics.from")}
          value={range.from}
          max={range.to}
          onChange={(event) => setDay("from", event.currentTarget.value)}
          data-testid="analytics-from"
        />
        <TextInput
          type="date"
          label={t("dashboard:analytics.to")}
          value={range.to}
          min={range.from}
          onChange={(event) => setDay("to", event.currentTarget.value)}
          data-testid="analytics-to"
        />
        <Select
          label={t("dashboard:analytics.source")}
          value={source}
          onChange={(value) => setSource(value ?? ALL_SOURCES)}
          allowDeselect={false}
          data={[
            { value: ALL_SOURCES, label: t("dashboard:analytics.allSources") },
            ...sources.map((s) => ({ value: s, label: s || t("dashboard:analytics.noSource") })),
          ]}
          data-testid="analytics-source"
        />
      </Group>

      {report.isError && (
        <Alert color="red" role="alert">
          {errorMessage(report.error, t)}
        </Alert>
      )}
      {!data && !report.isError && <Skeleton h={320} />}
      {data && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 5 }} data-testid="analytics-totals">
            {(
              [
                ["views", number.format(data.views)],
                ["starts", number.format(data.starts)],
                ["contacts", number.format(data.contacts)],
                ["leads", number.format(data.leads)],
                [
                  "conversion",
                  `${new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(data.conversion)} %`,
                ],
              ] as const
            ).map(([key, value]) => (
              <Paper key={key} withBorder p="sm" radius="md" data-testid={`analytics-total-${key}`}>
                <Text size="sm" c="dimmed">
                  {t(`dashboard:analytics.${key}`)}
                </Text>
                <Text fz="xl" fw={700}>
                  {value}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>

          <Paper
            withBorder
            p="md"
            radius="md"
            component="section"
            aria-labelledby="analytics-funnel"
          >
            <Title order={2} fz="h4" id="analytics-funnel" mb="sm">
              {t("dashboard:analytics.funnel")}
            </Title>
            <div role="img" aria-label={t("dashboard:analytics.funnelChart")}>
              <BarChart
                h={Math.max(160, steps.length * 40)}
                data={steps.map((step) => ({ step: step.label, visits: step.visits }))}
                dataKey="step"
                orientation="vertical"
                yAxisProps={{ width: 160 }}
                series={[
                  { name: "visits", label: t("dashboard:analytics.visits"), color: "blue.7" },
                ]}
                valueFormatter={(value) => number.format(value)}
              />
            </div>
            <FunnelTable steps={steps} />
          </Paper>

          {kind === "quiz" && data.per_question.length > 0 && (
            <Paper withBorder p="md" radius="md">
              <QuestionsTable report={data} />
            </Paper>
          )}

          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="analytics-days">
            <Title order={2} fz="h4" id="analytics-days" mb="sm">
              {t("dashboard:analytics.perDay")}
            </Title>
            <div role="img" aria-label={t("dashboard:analytics.daysChart")}>
              <LineChart
                h={260}
                data={data.by_day}
                dataKey="date"
                curveType="linear"
                withLegend
                series={[
                  { name: "views", label: t("dashboard:analytics.views"), color: "blue.7" },
                  { name: "starts", label: t("dashboard:analytics.starts"), color: "violet.7" },
                  { name: "leads", label: t("dashboard:analytics.leads"), color: "teal.8" },
                ]}
              />
            </div>
            <DaysTable report={data} />
          </Paper>

          <Paper
            withBorder
            p="md"
            radius="md"
            component="section"
            aria-labelledby="analytics-sources"
          >
            <Title order={2} fz="h4" id="analytics-sources" mb="sm">
              {t("dashboard:analytics.perSource")}
            </Title>
            {data.by_source.length === 0 ? (
              <Text c="dimmed">{t("dashboard:analytics.empty")}</Text>
            ) : (
              <SourcesTable report={data} />
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}
