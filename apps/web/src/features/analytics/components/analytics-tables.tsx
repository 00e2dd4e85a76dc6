import type { AnalyticsReport } from "@leadquiz/contract";
import { Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { FunnelStep } from "./funnel";

/** A table of numbers with its caption; scrolls sideways on narrow screens. */
function NumbersTable({
  caption,
  head,
  rows,
  testId,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
  testId: string;
}) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped withTableBorder captionSide="top" data-testid={testId}>
        <Table.Caption>
          <Text fw={600} ta="start" c="dark">
            {caption}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {head.map((cell, index) => (
              <Table.Th key={cell} ta={index === 0 ? "start" : "end"} scope="col">
                {cell}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={String(row[0])}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <Table.Th key={head[index]} scope="row" fw={400}>
                    {cell}
                  </Table.Th>
                ) : (
                  <Table.Td key={head[index]} ta="end">
                    {cell}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The funnel's steps with their visits, share of views and drop-off from the step before. */
export function FunnelTable({ steps }: { steps: FunnelStep[] }) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const views = steps[0]?.visits ?? 0;
  return (
    <NumbersTable
      caption={t("dashboard:analytics.funnelTable")}
      head={[
        t("dashboard:analytics.step"),
        t("dashboard:analytics.visits"),
        t("dashboard:analytics.ofViews"),
        t("dashboard:analytics.dropOff"),
      ]}
      rows={steps.map((step, index) => {
        const before = index === 0 ? null : (steps[index - 1]?.visits ?? 0);
        return [
          step.label,
          step.visits,
          views === 0 ? "—" : `${percent.format((step.visits / views) * 100)} %`,
          before === null ? "—" : Math.max(before - step.visits, 0),
        ];
      })}
      testId="analytics-funnel-table"
    />
  );
}

/** Every day of the range: views, starts and leads. */
export function DaysTable({ report }: { report: AnalyticsReport }) {
  const { t, i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  return (
    <NumbersTable
      caption={t("dashboard:analytics.byDay")}
      head={[
        t("dashboard:analytics.date"),
        t("dashboard:analytics.views"),
        t("dashboard:analytics.starts"),
        t("dashboard:analytics.leads"),
      ]}
      rows={report.by_day.map((day) => [
        format.format(new Date(`${day.date}T00:00:00Z`)),
        day.views,
        day.starts,
        day.leads,
      ])}
      testId="analytics-days-table"
    />
  );
}

/** Views and leads per UTM source, the busiest first. */
export function SourcesTable({ report }: { report: AnalyticsReport }) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <NumbersTable
      caption={t("dashboard:analytics.bySource")}
      head={[
        t("dashboard:analytics.source"),
        t("dashboard:analytics.views"),
        t("dashboard:analytics.leads"),
        t("dashboard:analytics.conversion"),
      ]}
      rows={report.by_source.map((source) => [
        source.utm_source || t("dashboard:analytics.noSource"),
        source.views,
        source.leads,
        source.views === 0 ? "—" : `${percent.format((source.leads / source.views) * 100)} %`,
      ])}
      testId="analytics-sources-table"
    />
  );
}

/** Each question's reach and answers (a quiz's report). */
export function QuestionsTable({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation();
  return (
    <NumbersTable
      caption={t("dashboard:analytics.questions")}
      head={[
        t("dashboard:analytics.question"),
        t("dashboard:analytics.reached"),
        t("dashboard:analytics.answered"),
      ]}
      rows={report.per_question.map((question, index) => [
        t("dashboard:analytics.questionLabel", { number: index + 1, title: question.title }),
        question.reached,
        question.answered,
      ])}
      testId="analytics-questions-table"
    />
  );
}
