import {
  type IntegrationGroupName,
  integrationTargetKeys,
  targetDescriptor,
} from "@leadquiz/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderIntegrationTab } from "../../../test/integration-tab";
import { jsonResponse } from "../../../test/render-app";

const common = {
  quiz: 7,
  is_enabled: true,
  disabled_reason: null,
  created_at: "2026-11-01T10:00:00Z",
  last_delivery: null,
  failing_since: null,
};

/** The integration tab of quiz 7; `connected` answers the reads of connected targets. */
const renderTab = (connected: Record<string, unknown>) =>
  renderIntegrationTab((_request, path) =>
    path in connected ? jsonResponse(200, connected[path]) : undefined,
  );

const tileNames = (group: string) =>
  within(screen.getByTestId(`group-${group}`))
    .getAllByTestId(/^tile-/)
    .map((tile) => tile.getAttribute("data-testid"));

/**
 * The group's tiles: every target of the registry in that group, in its order, and among
 * them the spec's targets in the spec's order (a target added later joins its group).
 */
function expectGroup(group: IntegrationGroupName, spec: string[]) {
  const tiles = tileNames(group);
  expect(tiles).toEqual(
    integrationTargetKeys
      .filter((key) => targetDescriptor(key).group === group)
      .map((key) => `tile-${key}`),
  );
  expect(tiles.filter((tile) => spec.includes(tile ?? ""))).toEqual(spec);
}

describe("the integration tab", { timeout: 40_000 }, () => {
  it("with nothing connected points to the gallery, grouped, with no form open", async () => {
    await renderTab({});
    await screen.findByText("Nothing connected yet");
    expectGroup("notifications", ["tile-email", "tile-telegram", "tile-webhook"]);
    expectGroup("crm", [
      "tile-bitrix24",
      "tile-keycrm",
      "tile-pipedrive",
      "tile-salesdrive",
      "tile-hubspot",
      "tile-salesforce",
      "tile-zoho",
    ]);
    expectGroup("mailing", ["tile-getresponse", "tile-mailchimp", "tile-sendpulse"]);
    expect(screen.queryByLabelText("Address (https://…)")).toBeNull();
    expect(screen.queryByLabelText("E-mail address")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Connect Webhook" }));
    const dialog = await screen.findByRole("dialog", { name: "Webhook" });
    expect(within(dialog).getByLabelText("Address (https://…)")).toBeTruthy();
  });

  it("lists the connections first, in the gallery's order, and marks their tiles", async () => {
    await renderTab({
      "/sendpulse-integration/7/": {
        ...common,
        id: 31,
        client_id: "sp-id",
        client_secret: "****7890",
        address_book_id: 321,
      },
      "/webhook-integration/quiz/7/": [
        {
          ...common,
          id: 12,
          // Answered masked by the server, like every secret.
          url: "https://****.example.com/****om/a",
          secret: "whsec_****",
          is_enabled: false,
          last_delivery: { at: "2026-11-02T10:00:00Z", status: "failed", error: "HTTP 500" },
          failing_since: "2026-11-02T09:00:00Z",
        },
      ],
      "/integration/email/list/7": [{ ...common, id: 5, email: "owner@example.com" }],
    });
    const list = await screen.findByTestId("connections");
    await waitFor(() => expect(within(list).getAllByTestId(/^integration-\d+$/)).toHaveLength(3));
    const rows = within(list).getAllByTestId(/^integration-\d+$/);
    expect(rows.map((row) => row.getAttribute("data-testid"))).toEqual([
      "integration-5",
      "integration-12",
      "integration-31",
    ]);
    const hook = rows[1] as HTMLElement;
    expect(within(hook).getByText("Off")).toBeTruthy();
    expect(within(hook).getByTestId("integration-last").textContent).toContain("failed");
    expect(within(hook).getByTestId("integration-last").textContent).toContain("HTTP 500");
    expect(within(hook).getByTestId("integration-failing-since").textContent).toMatch(
      /^Failing since .*2026.*: we keep trying for three days$/,
    );
    expect(within(rows[0] as HTMLElement).queryByTestId("integration-failing-since")).toBeNull();
    expect(screen.queryByText("Nothing connected yet")).toBeNull();

    const tile = screen.getByTestId("tile-sendpulse");
    expect(within(tile).getByText("Connected")).toBeTruthy();
    expect(within(screen.getByTestId("tile-mailchimp")).queryByText("Connected")).toBeNull();

    // A row's settings open the target's panel; a paused one offers to resume.
    await userEvent.click(within(hook).getByRole("button", { name: "Actions of Webhook" }));
    expect(await screen.findByRole("menuitem", { name: "Resume", hidden: true })).toBeTruthy();
    await userEvent.click(await screen.findByRole("menuitem", { name: "Settings", hidden: true }));
    const dialog = await screen.findByRole("dialog", { name: "Webhook" });
    expect(within(dialog).getByText("https://****.example.com/****om/a")).toBeTruthy();
  });
});
