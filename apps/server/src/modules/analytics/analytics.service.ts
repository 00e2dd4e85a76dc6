import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  ANALYTICS_SOURCES_MAX,
  type AnalyticsQuery,
  type AnalyticsReport,
} from "@leadquiz/contract";
import type { Database } from "../../db/client";
import { AppError, FieldErrors } from "../../lib/app-error";
import {
  findOwnedProjectQuizzes,
  findOwnedQuiz,
  findQuestions,
  type RangeFilter,
  readLeads,
  readRollup,
} from "./analytics.repository";

const DAY_MS = 86_400_000;

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/**
 * The owner's funnel reports (docs/analytics.md): the roll-up of the range summed into
 * totals, question reach, days and sources; leads from the leads table. Another account's
 * quiz or project answers 404 like a missing one.
 */
export function createAnalyticsService({ db }: { db: Database }) {
  return {
    async quizReport(
      userId: number,
      quizId: number,
      query: AnalyticsQuery,
    ): Promise<AnalyticsReport> {
      const range = rangeOf(query);
      if (!(await findOwnedQuiz(db, userId, quizId))) throw new AppError("not_found");
      return report(db, { quizIds: [quizId], ...range, source: query.utm_source });
    },

    async projectReport(
      userId: number,
      projectId: number,
      query: AnalyticsQuery,
    ): Promise<AnalyticsReport> {
      const range = rangeOf(query);
      const quizIds = await findOwnedProjectQuizzes(db, userId, projectId);
      if (!quizIds) throw new AppError("not_found");
      return report(db, { quizIds, ...range, source: query.utm_source });
    },
  };
}

/** The days of the query: defaults to the last 30 days, at most a year, `from` ≤ `to`. */
export function rangeOf(query: AnalyticsQuery, now = new Date()): { from: string; to: string } {
  const to = query.to ?? dayOf(now);
  const from =
    query.from ?? dayOf(new Date(Date.parse(to) - (ANALYTICS_DEFAULT_DAYS - 1) * DAY_MS));
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days < 1) throw new FieldErrors({ to: ["reversed_range"] });
  if (days > ANALYTICS_MAX_DAYS) throw new FieldErrors({ from: ["out_of_range"] });
  return { from, to };
}

function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

async function report(db: Database, filter: RangeFilter): Promise<AnalyticsReport> {
  const [rollup, leadRows, questionRows] = await Promise.all([
    readRollup(db, filter),
    readLeads(db, filter),
    findQuestions(db, filter.quizIds),
  ]);
  const totals = { view: 0, start: 0, contacts: 0 };
  const reached = new Map<number, number>();
  const answered = new Map<number, number>();
  const days = new Map<string, { views: number; starts: number; leads: number }>();
  const sources = new Map<string, { views: number; leads: number }>();
  for (let t = Date.parse(filter.from); t <= Date.parse(filter.to); t += DAY_MS) {
    days.set(dayOf(new Date(t)), { views: 0, starts: 0, leads: 0 });
  }
  const sourceOf = (name: string) => {
    let entry = sources.get(name);
    if (!entry) {
      entry = { views: 0, leads: 0 };
      sources.set(name, entry);
    }
    return entry;
  };
  for (const row of rollup) {
    const day = days.get(row.day);
    if (row.step === "view") {
      totals.view += row.visits;
      if (day) day.views += row.visits;
      sourceOf(row.source).views += row.visits;
    } else if (row.step === "start") {
      totals.start += row.visits;
      if (day) day.starts += row.visits;
    } else if (row.step === "contacts") {
      totals.contacts += row.visits;
    } else if (row.step === "reach") {
      reached.set(row.question, (reached.get(row.question) ?? 0) + row.visits);
    } else if (row.step === "answer") {
      answered.set(row.question, (answered.get(row.question) ?? 0) + row.visits);
    }
  }
  let leads = 0;
  for (const row of leadRows) {
    leads += row.leads;
    const day = days.get(row.day);
    if (day) day.leads += row.leads;
    sourceOf(row.source).leads += row.leads;
  }
  return {
    from: filter.from,
    to: filter.to,
    views: totals.view,
    starts: totals.start,
    contacts: totals.contacts,
    leads,
    conversion: totals.view === 0 ? 0 : Math.round((leads / totals.view) * 1000) / 10,
    per_question: questionRows.map((question) => ({
      question: question.id,
      quiz: question.quizId,
      title: question.title,
      // A runtime older than the `reach` event only sent answers: reached ≥ answered.
      reached: Math.max(reached.get(question.id) ?? 0, answered.get(question.id) ?? 0),
      answered: answered.get(question.id) ?? 0,
    })),
    by_day: [...days].map(([date, day]) => ({ date, ...day })),
    by_source: [...sources]
      .map(([utm_source, source]) => ({ utm_source, ...source }))
      .sort(
        (a, b) =>
          b.views - a.views || b.leads - a.leads || a.utm_source.localeCompare(b.utm_source),
      )
      .slice(0, ANALYTICS_SOURCES_MAX),
  };
}
