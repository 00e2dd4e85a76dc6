import type { PortfolioItem } from "@leadquiz/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderApp, testOwner as user } from "../../../test/render-app";
import { session, testProfile } from "./test-profile";

const profile = testProfile({ is_public: true, score: 0 });

const calculator: PortfolioItem = {
  id: 3,
  name: "Kitchen cost calculator",
  file: null,
  file_kind: null,
  work_done: "Seven questions and a formula.",
  results: "120 leads in a month.",
  created_at: "2026-11-20T10:00:00Z",
};

function renderPortfolio(initial: PortfolioItem[]) {
  let items = [...initial];
  return renderApp({
    url: "/courses/profile/portfolio",
    session,
    handler: (request, path) => {
      if (path === "/userinfo/") return jsonResponse(200, [user]);
      if (path === "/profile/") return jsonResponse(200, profile);
      if (path === "/rating/") return jsonResponse(200, {});
      if (path === "/portfolio/" && request.method === "GET") return jsonResponse(200, items);
      if (path === "/portfolio/" && request.method === "POST") {
        return request
          .json()
          .then((body: Pick<PortfolioItem, "name" | "work_done" | "results">) => {
            const created = { ...calculator, ...body, id: 9 };
            items = [...items, created];
            return jsonResponse(201, created);
          });
      }
      if (path === "/portfolio/3/" && request.method === "DELETE") {
        items = items.filter((item) => item.id !== 3);
        return new Response(null, { status: 204 });
      }
      return undefined;
    },
  });
}

/** Opens the project's menu once the page has read everything, and chooses Delete. */
async function openDelete() {
  const actions = await screen.findByRole("button", {
    name: "Actions of the project Kitchen cost calculator",
  });
  // The profile's read re-renders the page; the menu opens after it.
  await screen.findByText("1 of 30 projects");
  await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
  await userEvent.click(actions);
  await userEvent.click(await screen.findByRole("menuitem", { name: "Delete" }));
}

describe("the portfolio page", { timeout: 40_000 }, () => {
  it("leads from the empty state to adding the first project, which is then listed", async () => {
    const { requests } = await renderPortfolio([]);
    const empty = await screen.findByTestId("portfolio-empty");
    expect(within(empty).getByText("Your portfolio is empty")).toBeTruthy();
    await userEvent.click(within(empty).getByRole("button", { name: "Add your first project" }));

    const dialog = await screen.findByRole("dialog", { name: "New project" });
    // No name: a message, nothing sent.
    await userEvent.click(within(dialog).getByRole("button", { name: "Save the project" }));
    expect(await within(dialog).findByText("Required field")).toBeTruthy();
    expect(requests.some((r) => r.method === "POST")).toBe(false);

    await userEvent.type(
      within(dialog).getByRole("textbox", { name: /Project name/ }),
      "Sofa finder",
    );
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Results" }), "40 leads");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save the project" }));

    const item = await screen.findByTestId("portfolio-item");
    expect(within(item).getByRole("heading", { name: "Sofa finder" })).toBeTruthy();
    expect(within(item).getByText("40 leads")).toBeTruthy();
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({
      name: "Sofa finder",
      work_done: "",
      results: "40 leads",
    });
    expect(screen.queryByTestId("portfolio-empty")).toBeNull();
  });

  it("keeps a project when the owner cancels the deletion", async () => {
    const { requests } = await renderPortfolio([calculator]);
    await openDelete();
    await userEvent.click(
      within(await screen.findByRole("dialog", { name: "Delete the project?" })).getByRole(
        "button",
        { name: "Cancel" },
      ),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByTestId("portfolio-item")).toBeTruthy();
    expect(requests.some((r) => r.method === "DELETE")).toBe(false);
  });

  it("deletes a project once the owner confirms, back to the empty state", async () => {
    const { requests } = await renderPortfolio([calculator]);
    await openDelete();
    const confirm = await screen.findByRole("dialog", { name: "Delete the project?" });
    expect(confirm.textContent).toContain("“Kitchen cost calculator” will be removed");
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByTestId("portfolio-empty")).toBeTruthy();
    expect(requests.some((r) => r.method === "DELETE" && r.path === "/portfolio/3/")).toBe(true);
  });
});
