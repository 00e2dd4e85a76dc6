import { z } from "zod";
import { MAX_ID } from "./quiz-common";

/**
 * The owner's funnel reports (operations `getQuizAnalytics`, `getProjectAnalytics`;
 * docs/analytics.md): `GET quiz/{id}/analytics/` and `GET project/{id}/analytics/`.
 */

/** The longest range one report covers, in days. */
export const ANALYTICS_MAX_DAYS = 366;
/** The default range: the last 30 days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** The most sources `by_source` lists (the busiest first). */
export const ANALYTICS_SOURCES_MAX = 100;
/** A UTM source as the roll-up keeps it (longer ones are cut). */
export const ANALYTICS_SOURCE_MAX_LENGTH = 255;

/** A visit count: the roll-up's `visits` column is an integer. */
const count = z.int32().min(0).max(MAX_ID);

export const analyticsQuerySchema = z.object({
  /** First day included (UTC), `YYYY-MM-DD`; default: 29 days before `to`. */
  from: z.iso.date().optional(),
  /** Last day included (UTC); default: today. */
  to: z.iso.date().optional(),
  /** Only visits with this UTM source; `""` for visits without one. */
  utm_source: z.string().max(ANALYTICS_SOURCE_MAX_LENGTH).optional(),
});
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

export const analyticsQuestionSchema = z.object({
  question: z.int32(),
  /** The quiz the question belongs to (a project report lists every quiz's questions). */
  quiz: z.int32(),
  title: z.string(),
  /** Visits that were shown the question. */
  reached: count,
  /** Visits that answered it. */
  answered: count,
});
export type AnalyticsQuestion = z.infer<typeof analyticsQuestionSchema>;

export const analyticsDaySchema = z.object({
  date: z.iso.date(),
  views: count,
  starts: count,
  leads: count,
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

export const analyticsSourceSchema = z.object({
  /** `""`: visits without a UTM source. */
  utm_source: z.string(),
  views: count,
  leads: count,
});
export type AnalyticsSource = z.infer<typeof analyticsSourceSchema>;

export const analyticsReportSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  views: count,
  starts: count,
  contacts: count,
  leads: count,
  /** Leads per 100 views, one decimal (0 without views). */
  conversion: z.number().min(0),
  /** The quiz's questions in their order (each quiz in turn for a project). */
  per_question: z.array(analyticsQuestionSchema),
  /** Every day of the range, oldest first. */
  by_day: z.array(analyticsDaySchema),
  /** Sources by views, busiest first. */
  by_source: z.array(analyticsSourceSchema),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;
