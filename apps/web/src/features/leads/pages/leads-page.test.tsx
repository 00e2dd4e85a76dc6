import type { LeadDetail, LeadListItem, LeadListPage } from "@leadquiz/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import {
  type FakeHandler,
  jsonResponse,
  renderApp,
  testJwt,
  testOwner,
} from "../../../test/render-app";

const session = { access: testJwt(600) };

const masked: LeadListItem = {
  id: 41,
  quiz: 7,
  quiz_title: "Sofa quiz",
  project: 5,
  created_at: "2026-11-24T09:30:00Z",
  source: 0,
  is_opened: false,
  name: "O***",
  email: "o***@example.com",
  phone: "+38 *** ** 67",
  messengers: {},
  status: "new",
  flags: ["disposable_email"],
  is_partial: false,
};
const opened: LeadListItem = {
  ...masked,
  is_opened: true,
  name: "Olena",
  email: "olena@example.com",
  phone: "+380 50 123 4567",
};
const detail: LeadDetail = {
  id: 41,
  quiz: 7,
  quiz_title: "Sofa quiz",
  created_at: masked.created_at,
  contacts: {
    name: "Olena",
    email: "olena@example.com",
    phone: "+380 50 123 4567",
    other: "",
    other2: "",
    messengers: {},
  },
  answers: [{ question: "What do you live in?", answer: "House" }],
  other_fields: {},
  utm: { utm_source: "google" },
  results: [],
  page_url: "https://shop.example.com/",
  referrer: "",
  consent: { given: true, at: masked.created_at, policy_url: null },
  status: "new",
  note: "",
  flags: ["disposable_email"],
};

function page(results: LeadListItem[], requestsLeft: number, waiting = 0): LeadListPage {
  return { next: null, results, requests_left: requestsLeft, deliveries_waiting: waiting };
}

/** The owner's screen with `list` as the only page of leads; `more` answers the rest. */
function leadsApi(list: LeadListPage, more: FakeHandler = () => undefined): FakeHandler {
  return (request, path) => {
    if (path === "/userinfo/") return jsonResponse(200, [testOwner]);
    if (path === "/project/") return jsonResponse(200, []);
    if (path === "/leadslist/") return jsonResponse(200, list);
    return more(request, path);
  };
}

describe("the leads screen", { timeout: 40_000 }, () => {
  it("opens a masked lead after the confirmation and shows its answers and UTM", async () => {
    const { requests } = await renderApp({
      url: "/leads",
      session,
      handler: leadsApi(page([masked], 3), (request, path) => {
        if (path === "/update-lead-tariff/" && request.method === "POST") {
          return jsonResponse(200, { lead: opened, requests_left: 2 });
        }
        if (path === "/lead_answers/41/") return jsonResponse(200, detail);
        return undefined;
      }),
    });
    const row = await screen.findByTestId("lead-row-41");
    expect(within(row).getByText("o***@example.com")).toBeTruthy();
    expect(within(row).getByText("Disposable e-mail")).toBeTruthy();
    await userEvent.click(within(row).getByRole("button", { name: "Open" }));
    expect(await screen.findByText(/spends one request of your tariff \(3 left\)/)).toBeTruthy();
    await userEvent.click(screen.getByTestId("confirm-ok"));
    const answers = await screen.findByTestId("detail-answers");
    expect(within(answers).getByText("House")).toBeTruthy();
    expect(within(screen.getByTestId("detail-utm")).getByText("google")).toBeTruthy();
    expect(requests.find((r) => r.path === "/update-lead-tariff/")?.body).toEqual({ lead: 41 });
    await waitFor(() => expect(screen.getByTestId("requests-left").textContent).toContain("2"));
  });

  it("names a lead's messengers as the product does, in the row and the detail", async () => {
    const withTelegram = { ...opened, messengers: { telegram: "@olena" } };
    await renderApp({
      url: "/leads",
      session,
      handler: leadsApi(page([withTelegram], 3), (_request, path) =>
        path === "/lead_answers/41/"
          ? jsonResponse(200, {
              ...detail,
              contacts: { ...detail.contacts, messengers: { telegram: "@olena" } },
            })
          : undefined,
      ),
    });
    const row = await screen.findByTestId("lead-row-41");
    expect(within(row).getByText("Telegram: @olena")).toBeTruthy();
    await userEvent.click(within(row).getByTestId("lead-view"));
    const contacts = await screen.findByTestId("detail-contacts");
    expect(within(contacts).getByText("Telegram")).toBeTruthy();
    expect(within(contacts).queryByText("telegram")).toBeNull();
  });

  it("prompts to connect another tariff when no request is left", async () => {
    await renderApp({
      url: "/leads",
      session,
      handler: leadsApi(page([masked], 0)),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Open" }));
    const link = await screen.findByRole("link", { name: "Connect another tariff" });
    expect(link.getAttribute("href")).toBe("/balance/my-rate");
  });

  it("says how many deliveries wait for requests and leads to the tariffs", async () => {
    await renderApp({ url: "/leads", session, handler: leadsApi(page([masked], 0, 3)) });
    const alert = await screen.findByTestId("deliveries-waiting");
    expect(alert.textContent).toContain(
      "3 deliveries of new leads to your integrations are waiting",
    );
    expect(within(alert).getByRole("link", { name: "Choose a tariff" }).getAttribute("href")).toBe(
      "/balance/my-rate",
    );
  });

  it("shows no waiting deliveries when none waits", async () => {
    await renderApp({ url: "/leads", session, handler: leadsApi(page([masked], 2)) });
    await screen.findByTestId("lead-row-41");
    expect(screen.queryByTestId("deliveries-waiting")).toBeNull();
  });

  it("tells of leads over the address rate and lets the held ones through in one click", async () => {
    let held = 2;
    const { requests } = await renderApp({
      url: "/leads",
      session,
      handler: leadsApi(page([{ ...masked, flags: ["over_rate"] }], 3), (request, path) => {
        if (path === "/leads/over-rate/") {
          return jsonResponse(200, { flagged: 2, held, refused: 1, days: 7 });
        }
        if (path === "/leads/let-through/" && request.method === "POST") {
          held = 0;
          return jsonResponse(200, { let_through: 2 });
        }
        return undefined;
      }),
    });
    const notice = await screen.findByTestId("over-rate-notice");
    expect(notice.textContent).toContain("2 leads in the last 7 days came from an address");
    expect(notice.textContent).toContain("2 of them are held back from your integrations");
    expect(notice.textContent).toContain("1 lead in the last 7 days was refused");
    expect(
      within(screen.getByTestId("lead-row-41")).getByText("Over the address rate"),
    ).toBeTruthy();
    await userEvent.click(within(notice).getByRole("button", { name: "Let them through (2)" }));
    expect(await screen.findByText("2 leads go to your integrations now.")).toBeTruthy();
    expect(requests.find((r) => r.path === "/leads/let-through/")?.body).toEqual({});
    await waitFor(() =>
      expect(
        within(screen.getByTestId("over-rate-notice")).queryByTestId("let-through"),
      ).toBeNull(),
    );
  });

  it("lets one flagged lead through from its row", async () => {
    const { requests } = await renderApp({
      url: "/leads",
      session,
      handler: leadsApi(
        page(
          [
            { ...masked, flags: ["over_rate"] },
            { ...masked, id: 42 },
          ],
          3,
        ),
        (request, path) =>
          path === "/leads/let-through/" && request.method === "POST"
            ? jsonResponse(200, { let_through: 1 })
            : undefined,
      ),
    });
    const row = await screen.findByTestId("lead-row-41");
    expect(within(screen.getByTestId("lead-row-42")).queryByTestId("lead-let-through")).toBeNull();
    await userEvent.click(within(row).getByRole("button", { name: "Let through" }));
    expect(await screen.findByText("This lead goes to your integrations now.")).toBeTruthy();
    expect(requests.find((r) => r.path === "/leads/let-through/")?.body).toEqual({ lead: 41 });
  });

  it("shows no over-rate notice when nothing came over the rate", async () => {
    await renderApp({
      url: "/leads",
      session,
      handler: leadsApi(page([masked], 2), (_request, path) =>
        path === "/leads/over-rate/"
          ? jsonResponse(200, { flagged: 0, held: 0, refused: 0, days: 7 })
          : undefined,
      ),
    });
    await screen.findByTestId("lead-row-41");
    expect(screen.queryByTestId("over-rate-notice")).toBeNull();
  });

  describe("the export", () => {
    // jsdom has no object URLs; the download only needs one to name the file.
    beforeEach(() => {
      URL.createObjectURL = () => "blob:leads";
      URL.revokeObjectURL = () => undefined;
    });

    it("opens the unopened leads first when the owner asks, then downloads", async () => {
      const { requests } = await renderApp({
        url: "/leads",
        session,
        handler: leadsApi(page([masked], 2), (request, path) => {
          if (path === "/leads/release/" && request.method === "POST") {
            return jsonResponse(200, { released: 2, unopened_left: true, requests_left: 0 });
          }
          if (path === "/leads/export/") return new Response("id\r\n", { status: 200 });
          return undefined;
        }),
      });
      await userEvent.click(await screen.findByTestId("export"));
      await userEvent.click(await screen.findByTestId("export-csv"));
      const dialog = await screen.findByRole("dialog", { name: "Export leads" });
      expect(dialog.textContent).toContain(
        "one request each, oldest first, while requests last (2 left)",
      );
      await userEvent.click(within(dialog).getByRole("button", { name: "Open and export" }));
      await screen.findByText(/2 leads opened for the export\. Some leads stayed unopened/);
      await waitFor(() => expect(requests.some((r) => r.path === "/leads/export/")).toBe(true));
      expect(requests.find((r) => r.path === "/leads/release/")?.body).toEqual({});
    });

    it("exports the opened leads only, releasing nothing, when the owner says so", async () => {
      const { requests } = await renderApp({
        url: "/leads",
        session,
        handler: leadsApi(page([masked], 2), (_request, path) =>
          path === "/leads/export/" ? new Response("id\r\n", { status: 200 }) : undefined,
        ),
      });
      await userEvent.click(await screen.findByTestId("export"));
      await userEvent.click(await screen.findByTestId("export-xlsx"));
      const dialog = await screen.findByRole("dialog", { name: "Export leads" });
      await userEvent.click(within(dialog).getByRole("button", { name: "Export opened only" }));
      await waitFor(() => expect(requests.some((r) => r.path === "/leads/export/")).toBe(true));
      expect(requests.some((r) => r.path === "/leads/release/")).toBe(false);
    });
  });

  it("says Leads not found and leads to the projects when there is none", async () => {
    await renderApp({
      url: "/leads",
      session,
      handler: leadsApi(page([], 10)),
    });
    const empty = await screen.findByTestId("leads-empty");
    expect(within(empty).getByText("Leads not found")).toBeTruthy();
    expect(within(empty).getByRole("link", { name: "Go to projects" }).getAttribute("href")).toBe(
      "/",
    );
  });

  it("sets the lead retention: leads older than 90 days are erased", async () => {
    const { requests } = await renderApp({
      url: "/leads",
      session,
      handler: leadsApi(page([], 10), (request, path) => {
        if (path === "/leads/retention/" && request.method === "GET") {
          return jsonResponse(200, { days: null });
        }
        if (path === "/leads/retention/" && request.method === "PUT") {
          return jsonResponse(200, { days: 90 });
        }
        return undefined;
      }),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Retention" }));
    const dialog = await screen.findByRole("dialog", { name: "Lead retention" });
    const select = within(dialog).getByRole("textbox", { name: "Keep leads" });
    expect((select as HTMLInputElement).value).toBe("Until I erase them");
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole("option", { name: "90 days", hidden: true }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await screen.findByText("Lead retention saved");
    expect(
      requests.find((r) => r.path === "/leads/retention/" && r.method === "PUT")?.body,
    ).toEqual({ days: 90 });
  });
});
