import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { markPendingLanguage, pendingLanguage } from "@/shared/i18n/pending-profile-language";
import {
  type FakeHandler,
  jsonResponse,
  renderApp,
  testJwt,
  testOwner as user,
} from "../../test/render-app";

const session = { access: testJwt(600) };

/** The dashboard of an account without projects, its profile in `language`. */
function account(language: string, onSave?: FakeHandler): FakeHandler {
  return (request, path) => {
    if (path === "/userinfo/") return jsonResponse(200, [{ ...user, language_code: language }]);
    if (path === "/project/") return jsonResponse(200, []);
    if (path === `/userinfo/${user.id}/` && request.method === "PATCH") {
      return onSave?.(request, path);
    }
    return undefined;
  };
}

const saves = (requests: { method: string; path: string; body: unknown }[]) =>
  requests.filter((r) => r.method === "PATCH" && r.path === `/userinfo/${user.id}/`);

afterEach(() => window.localStorage.clear());

describe("the interface language of a signed-in owner", { timeout: 40_000 }, () => {
  it("keeps a switch whose save was cut off by a reload, and sends the save again", async () => {
    // The save gets no answer: the owner reloads while it is on its way, which fails the
    // call in the page going away as a lost connection does.
    let cutOff: (() => void) | undefined;
    const first = await renderApp({
      url: "/",
      session,
      handler: account(
        "en",
        () =>
          new Promise<Response>((_resolve, reject) => {
            cutOff = () => reject(new TypeError("Failed to fetch"));
          }),
      ),
    });
    expect(await screen.findByText("Welcome to Leadquiz!")).toBeTruthy();
    await userEvent.selectOptions(screen.getByTestId("language-switch"), "ru");
    await waitFor(() => expect(saves(first.requests)).toHaveLength(1));
    expect(saves(first.requests)[0]?.body).toEqual({ language_code: "ru" });
    cutOff?.();
    // The switch showed Russian already, so does the failure.
    expect(await screen.findByText(/Сервер недоступен/)).toBeTruthy();
    expect(pendingLanguage(user.id)).toBe("ru");
    first.unmount();

    // The reload: the profile still says English, the choice wins and is saved again.
    const saved = { ...user, language_code: "ru" };
    const second = await renderApp({
      url: "/",
      session,
      handler: account("en", () => jsonResponse(200, saved)),
    });
    expect(await screen.findByText("Добро пожаловать в Leadquiz!")).toBeTruthy();
    await waitFor(() => expect(saves(second.requests)).toHaveLength(1));
    expect(saves(second.requests)[0]?.body).toEqual({ language_code: "ru" });
    await waitFor(() => expect(pendingLanguage(user.id)).toBeNull());
    expect(screen.getByText("Добро пожаловать в Leadquiz!")).toBeTruthy();
  });

  it("forgets an unsaved choice when the owner switches back to the profile's language", async () => {
    const view = await renderApp({
      url: "/",
      session,
      handler: account("en", () => new Promise<Response>(() => {})),
    });
    expect(await screen.findByText("Welcome to Leadquiz!")).toBeTruthy();
    await userEvent.selectOptions(screen.getByTestId("language-switch"), "ru");
    await waitFor(() => expect(pendingLanguage(user.id)).toBe("ru"));
    expect(await screen.findByText("Добро пожаловать в Leadquiz!")).toBeTruthy();
    await userEvent.selectOptions(screen.getByTestId("language-switch"), "en");
    expect(await screen.findByText("Welcome to Leadquiz!")).toBeTruthy();
    expect(pendingLanguage(user.id)).toBeNull();
    expect(saves(view.requests)).toHaveLength(1);
  });

  it("gives up a choice whose save was refused, and shows the profile's language", async () => {
    markPendingLanguage(user.id, "uk");
    const view = await renderApp({
      url: "/",
      session,
      handler: account("ru", () => jsonResponse(400, { language_code: ["Invalid value"] })),
    });
    await waitFor(() => expect(saves(view.requests)).toHaveLength(1));
    await waitFor(() => expect(pendingLanguage(user.id)).toBeNull());
    // Ukrainian while the save was on its way; the profile's Russian after its refusal.
    expect(await screen.findByText("Добро пожаловать в Leadquiz!")).toBeTruthy();
  });

  it("follows the profile when nothing is pending, or only another account's choice", async () => {
    markPendingLanguage(user.id + 1, "uk");
    const view = await renderApp({ url: "/", session, handler: account("ru") });
    expect(await screen.findByText("Добро пожаловать в Leadquiz!")).toBeTruthy();
    expect(saves(view.requests)).toHaveLength(0);
    expect(pendingLanguage(user.id + 1)).toBe("uk");
  });
});
