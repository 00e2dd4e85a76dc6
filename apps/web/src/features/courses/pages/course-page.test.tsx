import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderApp, testJwt, testOwner as user } from "../../../test/render-app";
import { courseLessons } from "../course-data";

const session = { access: testJwt(600), refresh: "r" };

function renderCourse(settings: Record<string, unknown>) {
  return renderApp({
    url: "/courses/course",
    session,
    handler: (_request, path) => {
      if (path === "/userinfo/") return jsonResponse(200, [user]);
      if (path === "/key_value/") return jsonResponse(200, settings);
      return undefined;
    },
  });
}

describe("the course page", { timeout: 20_000 }, () => {
  it("lists every lesson with its length and links out to the configured course platform", async () => {
    await renderCourse({ course_url: "https://learn.example.com/leadquiz" });
    const open = await screen.findByRole("link", { name: /Open the course/ });
    expect(open.getAttribute("href")).toBe("https://learn.example.com/leadquiz");
    expect(open.getAttribute("target")).toBe("_blank");
    expect(screen.getAllByTestId("course-lesson")).toHaveLength(courseLessons.length);
    expect(screen.getByText("Why a quiz collects more leads than a form")).toBeTruthy();
    expect(screen.getByText("9 lessons")).toBeTruthy();
    expect(screen.queryByTestId("course-soon")).toBeNull();
  });

  it("says the course opens soon instead of a dead link when no address is configured", async () => {
    await renderCourse({});
    expect(await screen.findByText("The course opens soon")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Open the course/ })).toBeNull();
    expect(screen.getAllByTestId("course-lesson")).toHaveLength(courseLessons.length);
  });
});
