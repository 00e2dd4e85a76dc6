import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LeadquizApi } from "./loader";
import { dialogs, flush, isShown, ORIGIN, place, reset } from "./test-support";
import { type UiHost, ui } from "./ui";

type Host = { Leadquiz?: unknown } & UiHost;
const host = window as unknown as Host;

/** Runs the built entry again, as a fresh `<script src=…/embed.js>` would. */
async function loadScript(): Promise<LeadquizApi> {
  vi.resetModules();
  await import("./main");
  await flush();
  return host.Leadquiz as LeadquizApi;
}

beforeEach(() => {
  host.LeadquizUi = ui; // jsdom runs no scripts: the UI is "already loaded"
  place({ leadquiz: "m-key", mode: "popup", open: "button" }, "script").setAttribute(
    "src",
    `${ORIGIN}/embed.js`,
  );
});
afterEach(() => {
  reset();
  Reflect.deleteProperty(host, "Leadquiz");
  Reflect.deleteProperty(host, "LeadquizUi");
});

describe("embed.js", () => {
  it("runs the calls queued before it loaded, and later pushes at once", async () => {
    const opened: unknown[] = [];
    host.Leadquiz = {
      q: [
        ["on", "open", (d: unknown) => opened.push(d)],
        ["open", "m-key"],
      ],
    };
    const api = await loadScript();
    await flush();
    expect(opened).toEqual([{ publicKey: "m-key", mode: "popup" }]);
    expect(dialogs()[0]?.querySelector("iframe")?.src).toMatch(
      /^https:\/\/app\.leadquiz\.test\/q\/m-key\?/,
    );
    api.q.push(["close"]);
    expect(isShown(dialogs()[0])).toBe(false);
  });

  it("does not initialise twice; a second copy mounts only what is new", async () => {
    const first = await loadScript();
    place({ leadquiz: "m-other", mode: "chat", text: "Ask" });
    const second = await loadScript();
    expect(second).toBe(first);
    const launchers = document.querySelectorAll('[data-leadquiz-ui="chat"]');
    expect(launchers).toHaveLength(1);
    await loadScript();
    expect(document.querySelectorAll('[data-leadquiz-ui="chat"]')).toHaveLength(1);
  });

  it("opens a quiz the page never declared", async () => {
    const api = await loadScript();
    api.open("m-undeclared");
    await flush();
    expect(dialogs()[0]?.querySelector("iframe")?.src).toContain("/q/m-undeclared?");
  });
});
