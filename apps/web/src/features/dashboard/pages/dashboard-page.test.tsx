import type { Project } from "@leadquiz/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { testQuiz } from "../../../test/quiz-fixtures";
import { jsonResponse, renderApp, testJwt, testOwner as user } from "../../../test/render-app";

const session = { access: testJwt(600) };

const shop: Project = {
  id: 5,
  title: "Shop",
  created_at: "2026-11-01T10:00:00Z",
  sites: ["shop.example.com"],
  leads_count: 3,
  quizzes: [
    {
      id: 7,
      project: 5,
      title: "Sofa quiz",
      is_published: true,
      published_at: "2026-11-20T09:30:00Z",
      created_at: "2026-11-01T10:00:00Z",
      leads_count: 3,
      public_url: "http://localhost/q/abc",
    },
  ],
};

// userEvent types key by key through Mantine: a few seconds per test in jsdom.
describe("the projects dashboard", { timeout: 40_000 }, () => {
  it("shows a project's quizzes with status, leads and public link", async () => {
    await renderApp({
      url: "/",
      session,
      handler: (_request, path) => {
        if (path === "/userinfo/") return jsonResponse(200, [user]);
        if (path === "/project/") return jsonResponse(200, [shop]);
        return undefined;
      },
    });
    const row = await screen.findByTestId("quiz-row-7");
    expect(within(row).getByText("Published")).toBeTruthy();
    expect(within(row).getByText("3 leads")).toBeTruthy();
    expect(within(row).getByTestId("quiz-public-link").getAttribute("href")).toBe(
      "http://localhost/q/abc",
    );
    expect(within(row).getByRole("link", { name: "Sofa quiz" }).getAttribute("href")).toBe(
      "/quiz/7/questions",
    );
    expect(screen.queryByTestId("first-run")).toBeNull();
  });

  it("puts a refused rename back and shows the server's reason", async () => {
    let releaseRename: (() => void) | undefined;
    const { requests } = await renderApp({
      url: "/",
      session,
      handler: (request, path) => {
        if (path === "/userinfo/") return jsonResponse(200, [user]);
        if (path === "/project/") return jsonResponse(200, [shop]);
        if (path === "/project/5/" && request.method === "PATCH") {
          // Answered when the test says so: the page is looked at in between.
          return new Promise<Response>((resolve) => {
            releaseRename = () => resolve(jsonResponse(400, { title: ["The value is too long"] }));
          });
        }
        return undefined;
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Actions of project Shop" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Rename" }));
    const field = await screen.findByRole("textbox", { name: "Project name" });
    await userEvent.clear(field);
    await userEvent.type(field, "Sofas");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));

    // At once, before the server answers.
    expect(await screen.findByRole("heading", { name: "Sofas" })).toBeTruthy();
    await waitFor(() => expect(releaseRename).toBeDefined());
    releaseRename?.();
    expect(await screen.findByRole("heading", { name: "Shop" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Sofas" })).toBeNull();
    expect(requests.find((r) => r.method === "PATCH")?.body).toEqual({ title: "Sofas" });
    expect(await screen.findByText(/The value is too long|Something went wrong/)).toBeTruthy();
  });

  it("refuses a site that is not an address without calling the server", async () => {
    const { requests } = await renderApp({
      url: "/",
      session,
      language: "ru",
      handler: (_request, path) => {
        if (path === "/userinfo/") return jsonResponse(200, [{ ...user, language_code: "ru" }]);
        if (path === "/project/") return jsonResponse(200, [{ ...shop, quizzes: [] }]);
        return undefined;
      },
    });
    // An account without quizzes gets the first-run state, in Russian.
    expect(await screen.findByText("Добро пожаловать в Leadquiz!")).toBeTruthy();
    await userEvent.click(screen.getByTestId("project-add-site-inline"));
    await userEvent.type(await screen.findByRole("textbox", { name: "Адрес сайта" }), "not a site");
    await userEvent.click(screen.getByTestId("prompt-submit"));
    expect(await screen.findByText(/Введите адрес сайта/)).toBeTruthy();
    expect(requests.some((r) => r.method === "PATCH")).toBe(false);
  });

  it("prompts another tariff when the month's projects are used up, in Russian too", async () => {
    await renderApp({
      url: "/",
      session,
      language: "ru",
      handler: (request, path) => {
        if (path === "/userinfo/") return jsonResponse(200, [{ ...user, language_code: "ru" }]);
        if (path === "/project/") return jsonResponse(200, [shop]);
        if (path === "/project/copy/" && request.method === "POST") {
          return jsonResponse(403, { detail: "limit", code: "project_limit" });
        }
        return undefined;
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Действия с проектом Shop" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Копировать" }));
    const prompt = await screen.findByRole("dialog", { name: "Лимит проектов исчерпан" });
    const link = within(prompt).getByRole("link", { name: "Подключить другой тариф" });
    expect(link.getAttribute("href")).toBe("/balance/my-rate");
  });

  it("counts a project's quizzes in the delete dialog as each language does", async () => {
    const empty: Project = { ...shop, id: 6, title: "Empty", quizzes: [] };
    for (const [language, one, none] of [
      ["en", "“Shop” and its 1 quiz will disappear", "“Empty” will disappear from your projects."],
      ["ru", "«Shop» и его 1 квиз исчезнут", "«Empty» исчезнет из ваших проектов."],
      ["uk", "«Shop» і його 1 квіз зникнуть", "«Empty» зникне з ваших проєктів."],
    ] as const) {
      const view = await renderApp({
        url: "/",
        session,
        handler: (_request, path) => {
          if (path === "/userinfo/")
            return jsonResponse(200, [{ ...user, language_code: language }]);
          if (path === "/project/") return jsonResponse(200, [shop, empty]);
          return undefined;
        },
      });
      for (const [id, text] of [
        [5, one],
        [6, none],
      ] as const) {
        const card = await screen.findByTestId(`project-${id}`);
        await userEvent.click(within(card).getByTestId("project-actions"));
        await userEvent.click(await screen.findByTestId("project-delete"));
        const dialog = await screen.findByRole("dialog");
        expect(dialog.textContent).toContain(text);
        await userEvent.click(within(dialog).getByTestId("confirm-cancel"));
        await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      }
      view.unmount();
    }
  });

  it("makes the first quiz without a toast about a project the owner did not ask for", async () => {
    const made: Project = { ...shop, title: "My project", sites: [], leads_count: 0, quizzes: [] };
    const { requests, router } = await renderApp({
      url: "/",
      session,
      handler: (request, path) => {
        if (path === "/userinfo/") return jsonResponse(200, [user]);
        if (path === "/project/" && request.method === "POST") return jsonResponse(201, made);
        if (path === "/project/") return jsonResponse(200, []);
        if (path === "/quiz/" && request.method === "POST") return jsonResponse(201, testQuiz());
        if (path === "/quiz/7/") return jsonResponse(200, testQuiz());
        if (path === "/quiz/7/question_list/") return jsonResponse(200, []);
        return undefined;
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Create my first quiz" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/quiz/7/questions"));
    expect(requests.filter((r) => r.method === "POST").map((r) => r.path)).toEqual([
      "/project/",
      "/quiz/",
    ]);
    expect(screen.queryByText("The project has been created")).toBeNull();
  });
});
