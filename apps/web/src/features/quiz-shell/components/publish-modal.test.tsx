import type { Quiz } from "@leadquiz/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { testQuiz, testSession } from "../../../test/quiz-fixtures";
import { jsonResponse, renderApp, testOwner } from "../../../test/render-app";

const user = testOwner;
const session = testSession();
const draft = testQuiz({ design: { button_color: "#2563eb", text_color: "#111827" } });

function renderEditor(quiz: Quiz, publish: () => Response) {
  return renderApp({
    url: "/quiz/7/questions",
    session,
    handler: (request, path) => {
      if (path === "/userinfo/") return jsonResponse(200, [user]);
      if (path === "/quiz/7/") return jsonResponse(200, quiz);
      if (path === "/publication-quiz/" && request.method === "POST") return publish();
      return undefined;
    },
  });
}

async function openModal() {
  await userEvent.click(await screen.findByTestId("editor-publish"));
  return screen.findByRole("dialog", { name: "Publishing" });
}

describe("the publish modal", { timeout: 40_000 }, () => {
  it("says the tariff has expired only once the server refused a publish for it", async () => {
    await renderEditor(draft, () =>
      jsonResponse(403, { detail: "Your tariff has expired.", code: "tariff_expired" }),
    );
    let modal = await openModal();
    expect(within(modal).getByTestId("publish-status").textContent).toBe("Not published");
    expect(within(modal).queryByTestId("publish-tariff-expired")).toBeNull();
    await userEvent.click(within(modal).getByTestId("publish-confirm"));
    const confirm = await screen.findByRole("dialog", { name: "Publish the quiz?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Publish" }));
    modal = await screen.findByRole("dialog", { name: "Publishing" });
    await waitFor(() => expect(within(modal).getByText("Your tariff has expired")).toBeTruthy());
    expect(within(modal).getByTestId("publish-status").textContent).toBe("Not published");
  });

  it("shows unpublished changes with the date and offers to publish them or unpublish", async () => {
    await renderEditor(
      {
        ...draft,
        is_published: true,
        published_at: "2026-11-20T09:30:00Z",
        has_unpublished_changes: true,
      },
      () => jsonResponse(201, {}),
    );
    const modal = await openModal();
    expect(within(modal).getByTestId("publish-status").textContent).toBe("Unpublished changes");
    expect(within(modal).getByTestId("publish-changes-note")).toBeTruthy();
    expect(within(modal).getByTestId("publish-date").textContent).toContain("2026");
    expect(within(modal).getByTestId("publish-confirm").textContent).toBe("Publish changes");
    expect(within(modal).getByTestId("publish-unpublish").textContent).toBe("Unpublish");
    expect(within(modal).queryByTestId("publish-tariff-expired")).toBeNull();
  });
});
