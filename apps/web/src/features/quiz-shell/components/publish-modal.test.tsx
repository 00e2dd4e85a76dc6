import type { Quiz } from "@leadquiz/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderApp, testJwt } from "../../../test/render-app";

const user = {
  id: 1,
  email: "owner@example.com",
  username: "owner@example.com",
  first_name: "",
  last_name: "",
  language_code: "en",
  date_joined: "2026-01-01T00:00:00Z",
  referral_code: "abc",
  email_verified: true,
};
const session = { access: testJwt(600), refresh: "r" };
const draft: Quiz = {
  id: 7,
  project: 5,
  title: "Sofa quiz",
  is_published: false,
  published_at: null,
  created_at: "2026-11-01T10:00:00Z",
  leads_count: 0,
  public_url: "http://localhost/q/abc",
  updated_at: "2026-11-01T10:00:00Z",
  language: 2,
  currency: 1,
  public_key: "abc",
  has_unpublished_changes: true,
  start_page: {
    enabled: true,
    title: "",
    description: "",
    button_text: "",
    media: null,
    company_name: "",
    legal_text: "",
  },
  design: {
    button_color: "#2563eb",
    button_text_color: "#ffffff",
    text_color: "#111827",
    background_color: "#ffffff",
    background_image: null,
    font: null,
    button_style: 1,
    progress_bar: true,
    disable_display: false,
  },
  contact_form: {
    title: "",
    description: "",
    privacy_policy_url: null,
    thank_you_url: null,
    button_text: "",
    button_link: null,
    auto_redirect_url: null,
    messengers: [],
  },
  results_settings: {
    show_several: false,
    position: "after_form",
    output_format: "logic",
    general_formula: [],
    general_formula_valid: true,
    general_formula_errors: [],
  },
  analytics: {
    gtm_id: "",
    ga_id: "",
    pixel_id: "",
    tiktok_id: "",
    hidden_fields: [],
  },
};

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
