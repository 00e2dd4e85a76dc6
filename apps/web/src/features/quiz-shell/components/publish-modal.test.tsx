import type { Quiz, TariffInfo } from "@leadquiz/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { testQuiz, testSession } from "../../../test/quiz-fixtures";
import { jsonResponse, renderApp, testOwner } from "../../../test/render-app";

const user = testOwner;
const session = testSession();
const draft = testQuiz({ design: { button_color: "#2563eb", text_color: "#111827" } });

/** `GET tariffinfo/` of an owner whose paid tariff runs (or, `is_active: false`, has ended). */
function tariffInfo(isActive: boolean): TariffInfo {
  return {
    tariff: { id: 2, title: "Pro", is_trial: false },
    ends_at: isActive ? "2099-01-01T00:00:00Z" : "2026-01-01T00:00:00Z",
    is_active: isActive,
    projects_used: 1,
    projects_limit: 10,
    requests_used: 0,
    requests_limit: 100,
    balance: "0.00",
    referral_balance: "0.00",
  };
}

function renderEditor(quiz: Quiz, publish: () => Response, tariff: TariffInfo = tariffInfo(true)) {
  return renderApp({
    url: "/quiz/7/questions",
    session,
    handler: (request, path) => {
      if (path === "/userinfo/") return jsonResponse(200, [user]);
      if (path === "/quiz/7/") return jsonResponse(200, quiz);
      if (path === "/tariffinfo/") return jsonResponse(200, tariff);
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
  it("says at once, before any try, that an expired tariff stops publishing", async () => {
    const view = await renderEditor(draft, () => jsonResponse(201, {}), tariffInfo(false));
    await screen.findByTestId("editor-publish");
    // Opening the editor reads no tariff: only the publish modal needs it.
    expect(view.requests.some((request) => request.path === "/tariffinfo/")).toBe(false);
    const modal = await openModal();
    await waitFor(() =>
      expect(within(modal).getByTestId("publish-tariff-expired").textContent).toContain(
        "Your tariff has expired",
      ),
    );
    expect(within(modal).getByTestId("publish-renew").getAttribute("href")).toBe(
      "/balance/my-rate",
    );
    expect(within(modal).getByTestId("publish-confirm")).toHaveProperty("disabled", true);
    expect(view.requests.some((request) => request.path === "/publication-quiz/")).toBe(false);
  });

  it("shows no tariff notice while the tariff runs", async () => {
    const view = await renderEditor(draft, () => jsonResponse(201, {}), tariffInfo(true));
    const modal = await openModal();
    await waitFor(() =>
      expect(view.requests.some((request) => request.path === "/tariffinfo/")).toBe(true),
    );
    expect(within(modal).queryByTestId("publish-tariff-expired")).toBeNull();
    expect(within(modal).getByTestId("publish-confirm")).toHaveProperty("disabled", false);
  });

  it("says the tariff has expired once the server refused a publish for it", async () => {
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
