import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderApp, testJwt, testOwner } from "../../../test/render-app";

describe("sign out everywhere in the account settings", { timeout: 40_000 }, () => {
  it("asks first, then ends every session and opens the sign-in page", async () => {
    const { requests, router, services } = await renderApp({
      url: "/settings",
      session: { access: testJwt(600) },
      handler: (request, path) => {
        if (path === "/userinfo/") return jsonResponse(200, [testOwner]);
        if (path === "/logout/all/" && request.method === "POST") {
          return new Response(null, { status: 205 });
        }
        return undefined;
      },
    });
    const section = await screen.findByRole("region", { name: "Sessions" });
    const user = userEvent.setup();
    await user.click(within(section).getByRole("button", { name: "Sign out everywhere" }));
    const dialog = await screen.findByRole("dialog", { name: "Sign out everywhere?" });
    expect(dialog.textContent).toContain("this one too");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(requests.some((r) => r.path === "/logout/all/")).toBe(false);
    expect(services.session.get()).not.toBeNull();

    await user.click(within(section).getByRole("button", { name: "Sign out everywhere" }));
    const again = await screen.findByRole("dialog", { name: "Sign out everywhere?" });
    await user.click(within(again).getByRole("button", { name: "Sign out everywhere" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(services.session.get()).toBeNull();
    expect(requests.filter((r) => r.path === "/logout/all/").map((r) => r.method)).toEqual([
      "POST",
    ]);
    expect(await screen.findByText("You are signed out on every device.")).toBeTruthy();
  });
});
