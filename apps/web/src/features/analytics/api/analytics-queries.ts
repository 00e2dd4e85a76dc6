import { type AnalyticsReport, endpoints } from "@leadquiz/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useApiClient } from "@/shared/api/services-context";

/** What a report is of: a quiz or a whole project. */
export type AnalyticsSubject = { kind: "quiz" | "project"; id: number };

/** A range of days, `YYYY-MM-DD`, both included (UTC, as the server counts them). */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * `GET quiz/{id}/analytics/` or `GET project/{id}/analytics/` (operations
 * `getQuizAnalytics`, `getProjectAnalytics`); the last report stays shown while the next
 * range loads.
 */
export function useAnalytics(subject: AnalyticsSubject, range: DayRange, utmSource?: string) {
  const api = useApiClient();
  const endpoint =
    subject.kind === "quiz" ? endpoints.getQuizAnalytics : endpoints.getProjectAnalytics;
  return useQuery<AnalyticsReport>({
    queryKey: ["analytics", subject.kind, subject.id, range.from, range.to, utmSource ?? null],
    queryFn: ({ signal }) =>
      api.call(endpoint, {
        params: { id: subject.id },
        query: { from: range.from, to: range.to, utm_source: utmSource },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The last `days` days up to today (UTC). */
export function lastDays(days: number, now = new Date()): DayRange {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}
