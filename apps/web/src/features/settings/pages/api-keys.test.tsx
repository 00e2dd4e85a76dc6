import type { ApiKey } from "@leadquiz/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  type FakeHandler,
  jsonResponse,
  renderApp,
  testJwt,
  testOwner,
} from "../../../test/render-app";

/** A session that signed in `ago` seconds ago (its access token's `auth_time`). */
const signedIn = (ago: number) => ({
  access: testJwt(600, { auth_time: Math.floor(Date.now() / 1000) - ago }),
});
const session = signedIn(10);
const NEW_KEY = "lq_9xQ2vLmA0bC1dE2fG3hI4jK5lM6nO7pQ8rS9tU0vW1x";

/**
 * A fake API holding the account's keys: list, create (answers the key once), revoke.
 * `refuse` answers a creation instead while it returns a body (the server's 400).
 */
function keysApi(
  keys: ApiKey[],
  refuse: (body: { name: string; password?: string }) => object | undefined = () => undefined,
): FakeHandler {
  return async (request, path) => {
    if (path === "/userinfo/") return jsonResponse(200, [testOwner]);
    if (path === "/api-keys/" && request.method === "GET") return jsonResponse(200, keys);
    if (path === "/api-keys/" && request.method === "POST") {
      const body = (await request.json()) as { name: string; password?: string };
      const refused = refuse(body);
      if (refused) return jsonResponse(400, refused);
      const { name } = body;
      const key: ApiKey = {
        id: 2,
        name,
        prefix: NEW_KEY.slice(0, 11),
        created_at: "2026-11-24T10:00:00Z",
        last_used_at: null,
      };
      keys.unshift(key);
      return jsonResponse(201, { ...key, key: NEW_KEY });
    }
    const revoked = /^\/api-keys\/(\d+)\/$/.exec(path);
    if (revoked && request.method === "DELETE") {
      keys.splice(
        keys.findIndex((k) => k.id === Number(revoked[1])),
        1,
      );
      return new Response(null, { status: 204 });
    }
    return jsonResponse(404, { detail: "Not found" });
  };
}

describe("API keys in the account settings", { timeout: 40_000 }, () => {
  it("makes a key shown once with a copy button, lists keys by prefix and revokes after a confirmation", async () => {
    const keys: ApiKey[] = [
      {
        id: 1,
        name: "n8n",
        prefix: "lq_AbCd1234",
        created_at: "2026-11-01T10:00:00Z",
        last_used_at: "2026-11-20T08:00:00Z",
      },
    ];
    const { requests } = await renderApp({ url: "/settings", session, handler: keysApi(keys) });
    const section = await screen.findByRole("region", { name: "API keys" });
    const existing = await within(section).findByTestId("api-key-1");
    expect(existing.textContent).toContain("n8n");
    expect(existing.textContent).toContain("lq_AbCd1234…");
    expect(existing.textContent).toContain("last used");

    const user = userEvent.setup();
    await user.click(within(section).getByRole("button", { name: "Create a key" }));
    expect(await within(section).findByText("Required field")).toBeTruthy();
    expect(requests.filter((r) => r.method === "POST")).toHaveLength(0);

    await user.type(within(section).getByLabelText("Key name"), "Zapier");
    await user.click(within(section).getByRole("button", { name: "Create a key" }));
    const shown = await within(section).findByTestId("api-key-created");
    expect(shown.textContent).toContain(NEW_KEY);
    expect(within(shown).getByRole("button", { name: "Copy key" })).toBeTruthy();
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({ name: "Zapier" });
    const listed = await within(section).findByTestId("api-key-2");
    expect(listed.textContent).toContain("Zapier");
    expect(listed.textContent).toContain("never used");
    expect(listed.textContent).not.toContain(NEW_KEY);

    await user.click(within(existing).getByRole("button", { name: "Revoke" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke the key?" });
    expect(dialog.textContent).toContain("“n8n” stops working at once");
    expect(requests.filter((r) => r.method === "DELETE")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(within(section).queryByTestId("api-key-1")).toBeNull());
    expect(requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual([
      "/api-keys/1/",
    ]);
    expect(within(section).queryByTestId("api-key-created")).toBeNull();
  });

  it("asks the current password when the session signed in more than 5 minutes ago", async () => {
    const { requests } = await renderApp({
      url: "/settings",
      session: signedIn(6 * 60),
      handler: keysApi([]),
    });
    const section = await screen.findByRole("region", { name: "API keys" });
    const user = userEvent.setup();
    await user.type(await within(section).findByLabelText("Key name"), "Zapier");
    await user.type(within(section).getByLabelText("Current password"), "my-secret-7");
    await user.click(within(section).getByRole("button", { name: "Create a key" }));
    expect(await within(section).findByTestId("api-key-created")).toBeTruthy();
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({
      name: "Zapier",
      password: "my-secret-7",
    });
  });

  it("asks the password when the server wants it, and shows its message under the field", async () => {
    const { requests } = await renderApp({
      url: "/settings",
      session,
      handler: keysApi([], (body) =>
        body.password === "my-secret-7"
          ? undefined
          : { password: ["Enter your current password: you signed in more than 5 minutes ago."] },
      ),
    });
    const section = await screen.findByRole("region", { name: "API keys" });
    const user = userEvent.setup();
    expect(within(section).queryByLabelText("Current password")).toBeNull();
    await user.type(await within(section).findByLabelText("Key name"), "Zapier");
    await user.click(within(section).getByRole("button", { name: "Create a key" }));
    const password = await within(section).findByLabelText("Current password");
    expect(
      await within(section).findByText(
        "Enter your current password: you signed in more than 5 minutes ago.",
      ),
    ).toBeTruthy();
    await user.type(password, "my-secret-7");
    await user.click(within(section).getByRole("button", { name: "Create a key" }));
    expect(await within(section).findByTestId("api-key-created")).toBeTruthy();
    expect(requests.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([
      { name: "Zapier" },
      { name: "Zapier", password: "my-secret-7" },
    ]);
  });

  it("shows a refusal that belongs to no field (an account without a password) above the button", async () => {
    const message =
      "For your safety, sign out and sign in again, then make the key within 5 minutes: your account has no password to confirm it with.";
    await renderApp({
      url: "/settings",
      session: signedIn(6 * 60),
      handler: keysApi([], () => ({ non_field_errors: [message] })),
    });
    const section = await screen.findByRole("region", { name: "API keys" });
    const user = userEvent.setup();
    await user.type(await within(section).findByLabelText("Key name"), "Zapier");
    await user.click(within(section).getByRole("button", { name: "Create a key" }));
    expect(await within(section).findByText(message)).toBeTruthy();
  });
});
