import type { AnalyticsReport } from "@leadquiz/contract";
import type { TFunction } from "i18next";

/** One bar of the funnel. */
export interface FunnelStep {
  key: string;
  label: string;
  visits: number;
}

/**
 * The funnel of a report: views → starts → each question reached (a quiz's report only:
 * a project's quizzes have different questions) → contacts → leads.
 */
export function funnelSteps(
  report: AnalyticsReport,
  t: TFunction,
  withQuestions: boolean,
): FunnelStep[] {
  return [
    { key: "views", label: t("dashboard:analytics.views"), visits: report.views },
    { key: "starts", label: t("dashboard:analytics.starts"), visits: report.starts },
    ...(withQuestions
      ? report.per_question.map((question, index) => ({
          key: `q${question.question}`,
          label: t("dashboard:analytics.questionLabel", {
            number: index + 1,
            title: question.title,
          }),
          visits: question.reached,
        }))
      : []),
    { key: "contacts", label: t("dashboard:analytics.contacts"), visits: report.contacts },
    { key: "leads", label: t("dashboard:analytics.leads"), visits: report.leads },
  ];
}
