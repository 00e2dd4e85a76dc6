import type { Quiz } from "@leadquiz/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type FakeHandler, jsonResponse, renderApp, testJwt } from "../../../test/render-app";

const session = { access: testJwt(600), refresh: "r" };
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

function quizWith(design: Partial<Quiz["design"]>) {
  return {
    id: 7,
    project: 5,
    title: "Sofa quiz",
    is_published: false,
    published_at: null,
    created_at: "2026-11-01T10:00:00Z",
    updated_at: "2026-11-01T10:00:00Z",
    leads_count: 0,
    public_url: "http://localhost/q/abc",
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
      button_color: "#1a73e8",
      button_text_color: "#ffffff",
      text_color: "#000000",
      background_color: "#ffffff",
      background_image: null,
      font: null,
      button_style: 1,
      progress_bar: true,
      disable_display: false,
      ...design,
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
    analytics: { gtm_id: "", ga_id: "", pixel_id: "", tiktok_id: "", hidden_fields: [] },
  } satisfies Quiz;
}

function api(quiz: Quiz): FakeHandler {
  return (request, path) => {
    if (path === "/userinfo/") return jsonResponse(200, [user]);
    if (path === "/fontlist/") {
      return jsonResponse(200, [{ id: 3, name: "Lora", family: "Lora, serif", url: "/f.css" }]);
    }
    if (path === "/quiz/7/" && request.method === "PATCH") {
      return request.json().then((body: { design?: Partial<Quiz["design"]> }) => {
        Object.assign(quiz.design, body.design);
        return jsonResponse(200, quiz);
      });
    }
    if (path === "/quiz/7/") return jsonResponse(200, quiz);
    return undefined;
  };
}

describe("the design tab", { timeout: 40_000 }, () => {
  it("warns when a text colour is hard to read on its background, and only then", async () => {
    await renderApp({
      url: "/quiz/7/design-settings",
      session,
      handler: api(quizWith({ text_color: "#777777", background_color: "#ffffff" })),
    });
    expect(await screen.findByTestId("design-text_color-contrast")).toBeTruthy();
    expect(screen.getByText(/contrast with “Background colour” is below 4.5:1/)).toBeTruthy();
    // White on the default blue button passes: no warning for the button text.
    expect(screen.queryByTestId("design-button_text_color-contrast")).toBeNull();
  });

  it("writes a typed colour once the field is left, and the warning follows the new pair", async () => {
    const { requests } = await renderApp({
      url: "/quiz/7/design-settings",
      session,
      handler: api(quizWith({})),
    });
    const input = await screen.findByTestId("design-button_color");
    fireEvent.change(input, { target: { value: "#ffff00" } });
    // Yellow under white button text fails AA; the warning shows while typing.
    expect(await screen.findByTestId("design-button_text_color-contrast")).toBeTruthy();
    fireEvent.blur(input);
    await waitFor(() =>
      expect(requests.filter((r) => r.method === "PATCH").map((r) => r.body)).toEqual([
        { design: { button_color: "#ffff00" } },
      ]),
    );
  });
});
