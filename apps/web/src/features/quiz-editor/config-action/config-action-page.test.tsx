import type { QuizConfig } from "@leadquiz/contract";
import { embedSnippetScript } from "@leadquiz/contract/embed-snippet";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { testQuiz, testSession } from "../../../test/quiz-fixtures";
import { type FakeHandler, jsonResponse, renderApp, testOwner } from "../../../test/render-app";

const session = testSession();
/** The server's snippets (docs/embed.md "Snippets"): the inline loader with the quiz's attributes. */
const loader = (attributes = "") =>
  embedSnippetScript("http://127.0.0.1:3000/embed.js", attributes);
const SNIPPETS = {
  popup: loader(' data-leadquiz="abc" data-mode="popup" data-open="auto" data-frequency="once"'),
  banner: null,
  trigger: loader(' data-leadquiz="abc" data-mode="trigger" data-position="left"'),
  inline: `<div data-leadquiz="abc" data-mode="inline"></div>\n${loader()}`,
  chat: loader(' data-leadquiz="abc" data-mode="chat"'),
  link: "http://127.0.0.1:3000/q/abc",
  landing_url: null,
};

function emptyConfig(): QuizConfig {
  return {
    id: 31,
    quiz: 7,
    display_mode: "regular",
    icon_kind: 1,
    media: null,
    image: null,
    trigger: {},
    banner: { enabled: false },
    popup: {},
    landing: { subdomain: null },
    body: {},
    chat: {},
  };
}

/** The server's config routes: none until POSTed (`exists: false`), then merge patches. */
function api({ exists }: { exists: boolean }): FakeHandler {
  let config: QuizConfig | null = exists ? emptyConfig() : null;
  return (request, path) => {
    if (path === "/userinfo/") return jsonResponse(200, [testOwner]);
    if (path === "/quiz/7/") return jsonResponse(200, testQuiz());
    if (path === "/config/quiz/7" && request.method === "GET") {
      return config
        ? jsonResponse(200, { ...config, embed: SNIPPETS })
        : jsonResponse(404, { detail: "Not found", code: "not_found" });
    }
    if (path === "/config/quiz/" && request.method === "POST") {
      config = emptyConfig();
      return jsonResponse(201, config);
    }
    if (path === "/config/quiz/31/" && request.method === "PATCH") {
      return request.json().then((body: Record<string, Record<string, unknown>>) => {
        const subdomain = body.landing?.subdomain;
        if (subdomain === "taken") {
          return jsonResponse(400, { "landing.subdomain": ["This subdomain is taken"] });
        }
        if (!config) return jsonResponse(404, {});
        for (const [key, value] of Object.entries(body)) {
          Object.assign(config, {
            [key]: { ...(config as unknown as Record<string, object>)[key], ...value },
          });
        }
        return jsonResponse(200, config);
      });
    }
    return undefined;
  };
}

const patches = (requests: { method: string; body: unknown }[]) =>
  requests.filter((r) => r.method === "PATCH").map((r) => r.body);

describe("the publication setup tab", { timeout: 40_000 }, () => {
  it("creates the config with its defaults when the quiz has none, then shows the trigger", async () => {
    const { requests } = await renderApp({
      url: "/quiz/7/config-action",
      session,
      handler: api({ exists: false }),
    });
    expect((await screen.findByTestId("config-snippet")).textContent).toContain(
      'data-mode="trigger"',
    );
    expect(
      requests
        .filter((r) => r.path.startsWith("/config/quiz/"))
        .map((r) => [r.method, r.path, r.body]),
    ).toEqual([
      ["GET", "/config/quiz/7", undefined],
      ["POST", "/config/quiz/", { quiz: 7 }],
      ["GET", "/config/quiz/7", undefined],
    ]);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toContain("Trigger");
    expect(screen.getByRole("button", { name: "Copy code" })).toBeTruthy();
    expect(screen.getByTestId("config-not-published")).toBeTruthy();
    // The loader's defaults show as the form's values.
    expect((screen.getByRole("radio", { name: "Icon" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "Bottom right" }) as HTMLInputElement).checked).toBe(
      true,
    );
    // The preview frames the sample site with the snippet's attributes, on the visitor
    // origin where the server put the quiz's page (docs/adr/0016-visitor-origin.md).
    const frame = screen.getByTestId("config-preview");
    const src = new URL(frame.getAttribute("src") ?? "");
    expect(src.origin).toBe("http://127.0.0.1:3000");
    expect(src.pathname).toBe("/q/-/embed-sample");
    expect(src.searchParams.get("data-leadquiz")).toBe("abc");
    expect(src.searchParams.get("data-position")).toBe("left");
    expect(frame.getAttribute("sandbox")).toBe(
      "allow-scripts allow-same-origin allow-forms allow-popups",
    );
    for (const name of ["Plain HTML", "WordPress", "Tilda", "Wix", "Google Tag Manager"]) {
      expect(screen.getByRole("button", { name })).toBeTruthy();
    }
  });

  it("writes the popup's opening rules and asks for the button id when a button opens it", async () => {
    const { requests } = await renderApp({
      url: "/quiz/7/config-action?section=popup",
      session,
      handler: api({ exists: true }),
    });
    fireEvent.click(await screen.findByRole("radio", { name: "By a button on my site" }));
    await waitFor(() => expect(patches(requests)).toEqual([{ popup: { open: "button" } }]));
    // The frequency is not put on the sample site (the preview opens every time).
    const src = screen.getByTestId("config-preview").getAttribute("src") ?? "";
    expect(src).not.toContain("frequency");
    const id = screen.getByTestId("config-popup-button-id");
    fireEvent.change(id, { target: { value: "quiz btn" } });
    fireEvent.blur(id);
    expect(await screen.findByText("An id has no spaces")).toBeTruthy();
    fireEvent.change(id, { target: { value: "quiz-btn" } });
    fireEvent.blur(id);
    await waitFor(() =>
      expect(patches(requests)).toEqual([
        { popup: { open: "button" } },
        { popup: { button_id: "quiz-btn" } },
      ]),
    );
  });

  it("keeps a banner that is switched off without code, and switches it on", async () => {
    const { requests } = await renderApp({
      url: "/quiz/7/config-action?section=banner",
      session,
      handler: api({ exists: true }),
    });
    expect(await screen.findByText("Switch this way on to get its code.")).toBeTruthy();
    const toggle = screen.getByTestId("config-enabled");
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(patches(requests)).toEqual([{ banner: { enabled: true } }]));
  });

  it("checks the subdomain rule before writing and shows the server's refusal under the field", async () => {
    const { requests } = await renderApp({
      url: "/quiz/7/config-action?section=landing",
      session,
      handler: api({ exists: true }),
    });
    const addresses = await screen.findByTestId("config-link");
    expect(addresses.textContent).toContain("http://127.0.0.1:3000/q/abc");
    expect(screen.getByText("Choose a subdomain below to get the landing's address.")).toBeTruthy();
    const field = screen.getByTestId("config-landing-subdomain");
    fireEvent.change(field, { target: { value: "a--b" } });
    fireEvent.blur(field);
    expect(await screen.findByText(/cannot start or end with a hyphen/)).toBeTruthy();
    expect(patches(requests)).toEqual([]);
    fireEvent.change(field, { target: { value: "taken" } });
    fireEvent.blur(field);
    expect(await screen.findByText("This subdomain is taken")).toBeTruthy();
    fireEvent.change(field, { target: { value: "My-Shop" } });
    fireEvent.blur(field);
    await waitFor(() =>
      expect(patches(requests)).toEqual([
        { landing: { subdomain: "taken" } },
        { landing: { subdomain: "my-shop" } },
      ]),
    );
    const settings = screen.getByTestId("config-action-page");
    expect(within(settings).queryByText("This subdomain is taken")).toBeNull();
  });
});
