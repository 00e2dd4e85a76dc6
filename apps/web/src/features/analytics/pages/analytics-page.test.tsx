import type { AnalyticsReport } from "@leadquiz/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderApp, testJwt, testOwner } from "../../../test/render-app";

const session = { access: testJwt(600), refresh: "r" };

function report(overrides: Partial<AnalyticsReport> = {}): AnalyticsReport {
  return {
    from: "2026-11-23",
    to: "2026-11-24",
    views: 10,
    starts: 6,
    contacts: 3,
    leads: 2,
    conversion: 20,
    per_question: [
      { question: 31, quiz: 7, title: "Who is it for?", reached: 6, answered: 5 },
      { question: 32, quiz: 7, title: "How many seats?", reached: 4, answered: 4 },
    ],
    by_day: [
      { date: "2026-11-23", views: 4, starts: 2, leads: 0 },
      { date: "2026-11-24", views: 6, starts: 4, leads: 2 },
    ],
    by_source: [
      { utm_source: "google", views: 7, leads: 2 },
      { utm_source: "", views: 3, leads: 0 },
    ],
    ...overrides,
  };
}

describe("the analytics page", { timeout: 40_000 }, () => {
  it("shows the quiz's totals, funnel, days and sources, and asks for the period", async () => {
    const urls: string[] = [];
    await renderApp({
      url: "/analytics/quiz/7",
      session,
      handler: (request, path) => {
        if (path === "/userinfo/") return jsonResponse(200, [testOwner]);
        if (path === "/project/") return jsonResponse(200, []);
        if (path === "/quiz/7/analytics/") {
          urls.push(request.url);
          return jsonResponse(200, report());
        }
        return undefined;
      },
    });
    // The route chunk (with the charts) loads first.
    const views = await screen.findByTestId("analytics-total-views", {}, { timeout: 20_000 });
    expect(views.textContent).toContain("10");
    expect(screen.getByTestId("analytics-total-conversion").textContent).toContain("20 %");
    const funnel = screen.getByTestId("analytics-funnel-table");
    const row = within(funnel).getByRole("row", { name: /Question 2: How many seats\?/ });
    // 4 of 10 views reached it; 2 left between question 1 (6) and it.
    expect(row.textContent).toBe("Question 2: How many seats?440 %2");
    const sources = screen.getByTestId("analytics-sources-table");
    expect(within(sources).getByRole("row", { name: /No source/ }).textContent).toBe(
      "No source300 %",
    );
    expect(urls[0]).toMatch(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  });
});
