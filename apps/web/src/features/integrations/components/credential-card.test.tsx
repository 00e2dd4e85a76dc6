import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderIntegrationTab as renderTab } from "../../../test/integration-tab";
import { jsonResponse } from "../../../test/render-app";

const connected = {
  id: 31,
  quiz: 7,
  is_enabled: true,
  disabled_reason: null,
  created_at: "2026-11-01T10:00:00Z",
  last_delivery: null,
  failing_since: null,
  client_id: "sp-id",
  client_secret: "****7890",
  address_book_id: 321,
};

describe("the card of a target connected with credentials", { timeout: 40_000 }, () => {
  it("shows one input per field of the target and sends integers as numbers", async () => {
    let connectedNow = false;
    const view = await renderTab((request, path) => {
      if (path === "/sendpulse-integration/7/" && connectedNow) {
        return jsonResponse(200, connected);
      }
      if (path === "/sendpulse-integration/" && request.method === "POST") {
        connectedNow = true;
        return jsonResponse(201, connected);
      }
      return undefined;
    });
    await userEvent.click(await screen.findByRole("button", { name: "Connect SendPulse" }));
    const card = await screen.findByTestId("sendpulse-card");
    await within(card).findByLabelText("REST API ID");
    expect(within(card).getByLabelText("REST API Secret").getAttribute("type")).toBe("password");
    expect(within(card).getByLabelText("Mailing list ID").getAttribute("inputmode")).toBe(
      "numeric",
    );

    await userEvent.click(within(card).getByRole("button", { name: "Connect" }));
    await waitFor(() => expect(within(card).getAllByText("Required field").length).toBe(3));
    expect(view.requests.some((r) => r.method === "POST")).toBe(false);

    await userEvent.type(within(card).getByLabelText("REST API ID"), "sp-id");
    await userEvent.type(within(card).getByLabelText("REST API Secret"), "sp-secret-7890");
    await userEvent.type(within(card).getByLabelText("Mailing list ID"), "321");
    await userEvent.click(within(card).getByRole("button", { name: "Connect" }));
    await within(card).findByText("Connected as ****7890");
    expect(view.requests.find((r) => r.method === "POST")?.body).toEqual({
      quiz: 7,
      client_id: "sp-id",
      client_secret: "sp-secret-7890",
      address_book_id: 321,
    });
  });

  it("puts the target's reason for refusing the key under the key's field", async () => {
    await renderTab((request, path) => {
      if (path === "/mailchimp-integration/" && request.method === "POST") {
        return jsonResponse(400, {
          api_key: ["The service did not accept these details: HTTP 401: API Key Invalid"],
        });
      }
      return undefined;
    });
    await userEvent.click(await screen.findByRole("button", { name: "Connect Mailchimp" }));
    const card = await screen.findByTestId("mailchimp-card");
    await userEvent.type(await within(card).findByLabelText("API key"), "abc-us21");
    await userEvent.type(within(card).getByLabelText("Audience ID"), "a1b2c3");
    await userEvent.click(within(card).getByRole("button", { name: "Connect" }));
    await within(card).findByText(/API Key Invalid/);
    expect(within(card).getByLabelText("API key").getAttribute("aria-invalid")).toBe("true");
  });
});
