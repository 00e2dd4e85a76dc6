import { embedLoaderScript } from "@leadquiz/contract/embed-snippet";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LeadquizApi } from "./loader";
import { dialogs, flush, isShown, ORIGIN, place, reset } from "./test-support";
import { type UiHost, ui } from "./ui";

/**
 * The snippet owners paste (docs/embed.md "Snippets"): its inline loader, run as the
 * browser runs it, inserts embed.js after the host page's load event, and a click on the
 * popup's button before embed.js arrived opens the popup once embed.js runs.
 */

type Host = { Leadquiz?: unknown } & UiHost;
const host = window as unknown as Host;

/** Sets what `document.readyState` says (jsdom's document is always complete). */
function readyState(state: DocumentReadyState): void {
  Object.defineProperty(document, "readyState", { get: () => state, configurable: true });
}

/** The snippet's `<script data-…>` with its loader run, as the browser runs an inline script. */
function pasteSnippet(attrs: Record<string, string>): HTMLElement {
  const script = place(attrs, "script");
  Object.defineProperty(document, "currentScript", { get: () => script, configurable: true });
  new Function(embedLoaderScript(`${ORIGIN}/embed.js`))();
  Object.defineProperty(document, "currentScript", { get: () => null, configurable: true });
  return script;
}

/** The `<script src>` elements the loader inserted for embed.js. */
/** Lets the tasks queued so far run (the loader's insertion after the load event). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

const inserted = () => [
  ...document.querySelectorAll<HTMLScriptElement>(`script[src$="/embed.js"]`),
];

/** Runs embed.js, as the inserted `<script src>` arriving would (jsdom runs no scripts). */
async function embedArrives(): Promise<LeadquizApi> {
  host.LeadquizUi = ui;
  vi.resetModules();
  await import("./main");
  await flush();
  return host.Leadquiz as LeadquizApi;
}

afterEach(() => {
  reset();
  readyState("complete");
  Reflect.deleteProperty(host, "Leadquiz");
  Reflect.deleteProperty(host, "LeadquizUi");
});

describe("the snippet's inline loader", () => {
  it("inserts embed.js once the page's load event has fired, in a task after it", async () => {
    readyState("interactive");
    pasteSnippet({ leadquiz: "s-wait", mode: "popup", open: "button" });
    expect(inserted()).toHaveLength(0);
    readyState("complete");
    window.dispatchEvent(new Event("load"));
    // Not inside the load event: the host page's load ends first.
    expect(inserted()).toHaveLength(0);
    await nextTask();
    expect(inserted().map((s) => s.src)).toEqual([`${ORIGIN}/embed.js`]);
    // One insertion, whatever fires later.
    window.dispatchEvent(new Event("load"));
    await nextTask();
    expect(inserted()).toHaveLength(1);
  });

  it("fetches embed.js once for several snippets on one page", async () => {
    readyState("interactive");
    pasteSnippet({ leadquiz: "s-one", mode: "popup" });
    pasteSnippet({ leadquiz: "s-one", mode: "chat" });
    readyState("complete");
    window.dispatchEvent(new Event("load"));
    await nextTask();
    expect(inserted()).toHaveLength(1);
  });

  it("inserts embed.js at once on a page that has loaded already", () => {
    pasteSnippet({ leadquiz: "s-late", mode: "chat" });
    expect(inserted()).toHaveLength(1);
  });

  it("keeps a click on the popup's button made before embed.js arrived and opens it then", async () => {
    readyState("interactive");
    document.body.innerHTML = '<a id="s-btn" href="#quiz"><span>Pick a sofa</span></a>';
    pasteSnippet({ leadquiz: "s-early", mode: "popup", open: "button", "button-id": "s-btn" });
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    document.querySelector("#s-btn span")?.dispatchEvent(click);
    // The click fetches embed.js at once, without waiting for the load event.
    expect(click.defaultPrevented).toBe(true);
    expect(inserted()).toHaveLength(1);
    expect(dialogs()).toHaveLength(0);

    const api = await embedArrives();
    const opened: unknown[] = [];
    api.on("open", (d) => opened.push(d));
    await flush();
    expect(isShown(dialogs()[0])).toBe(true);
    expect(dialogs()[0]?.querySelector("iframe")?.src).toMatch(
      /^https:\/\/app\.leadquiz\.test\/q\/s-early\?embed=1&mode=popup/,
    );

    // From now on embed.js's own listener opens it, once per click.
    api.close();
    document.getElementById("s-btn")?.click();
    await flush();
    expect(opened).toEqual([{ publicKey: "s-early", mode: "popup" }]);
    expect(dialogs()).toHaveLength(1);
    expect(inserted()).toHaveLength(1);
  });

  it("on a page where embed.js already runs, has it mount the snippet and opens once per click", async () => {
    // A site with the `<script async src>` form of another quiz, which has run.
    place({ leadquiz: "s-old", mode: "chat" }, "script").setAttribute("src", `${ORIGIN}/embed.js`);
    document.body.insertAdjacentHTML("beforeend", '<button id="s-second">Quiz</button>');
    const api = await embedArrives();
    const opened: unknown[] = [];
    api.on("open", (d) => opened.push(d));
    pasteSnippet({
      leadquiz: "s-two",
      mode: "popup",
      open: "button",
      "button-id": "s-second",
      title: "Sofas",
    });
    expect(inserted()).toHaveLength(1);
    document.getElementById("s-second")?.click();
    await flush();
    expect(opened).toEqual([{ publicKey: "s-two", mode: "popup" }]);
    // The snippet's own options, not a popup made up for an unknown key.
    expect(dialogs()[0]?.querySelector("[role=dialog]")?.getAttribute("aria-label")).toBe("Sofas");
  });

  it("leaves clicks elsewhere alone", () => {
    readyState("interactive");
    document.body.innerHTML = '<a id="s-other" href="#x">Other</a><a id="s-own">Quiz</a>';
    pasteSnippet({ leadquiz: "s-else", mode: "popup", open: "button", "button-id": "s-own" });
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    document.getElementById("s-other")?.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(inserted()).toHaveLength(0);
    expect((host.Leadquiz as { q: unknown[] }).q).toEqual([]);
  });
});
