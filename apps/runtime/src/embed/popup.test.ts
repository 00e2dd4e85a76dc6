import { afterEach, describe, expect, it, vi } from "vitest";
import { createLoader } from "./loader";
import {
  dialogs,
  flush,
  isShown,
  loader,
  mockMobile,
  ORIGIN,
  place,
  record,
  reset,
} from "./test-support";
import { ui } from "./ui";

afterEach(reset);

describe("popup", () => {
  it("opens by itself after the delay, not before", async () => {
    vi.useFakeTimers();
    place({ leadquiz: "p-delay", mode: "popup", delay: "5" }, "script");
    const api = loader();
    const opened = record(api, "open");
    api.scan();
    await vi.advanceTimersByTimeAsync(4900);
    expect(dialogs()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(opened).toEqual([{ publicKey: "p-delay", mode: "popup" }]);
    expect(isShown(dialogs()[0])).toBe(true);
    const frame = dialogs()[0]?.querySelector("iframe");
    expect(frame?.title).toBe("Quiz");
    expect(frame?.src).toMatch(/^https:\/\/app\.leadquiz\.test\/q\/p-delay\?embed=1&mode=popup/);
    expect(dialogs()[0]?.querySelector("[role=dialog]")?.getAttribute("aria-modal")).toBe("true");
  });

  it("opens on a click on the element with the button id, also inside it", async () => {
    document.body.innerHTML = '<a id="cta-1" href="#x"><span>Take the quiz</span></a>';
    place({ leadquiz: "p-btn", mode: "popup", open: "button", "button-id": "cta-1" });
    const api = loader();
    api.scan();
    await flush();
    expect(dialogs()).toHaveLength(0);
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    document.querySelector("#cta-1 span")?.dispatchEvent(click);
    await flush();
    expect(click.defaultPrevented).toBe(true);
    expect(isShown(dialogs()[0])).toBe(true);
  });

  it("opens on exit intent: the pointer leaving through the top", async () => {
    place({ leadquiz: "p-exit", mode: "popup", "exit-intent": "true" });
    loader().scan();
    document.dispatchEvent(new MouseEvent("mouseout", { clientY: 200, bubbles: true }));
    await flush();
    expect(dialogs()).toHaveLength(0);
    document.dispatchEvent(new MouseEvent("mouseout", { clientY: -2, bubbles: true }));
    await flush();
    expect(isShown(dialogs()[0])).toBe(true);
  });

  it("opens at the scroll depth", async () => {
    Object.defineProperty(document.documentElement, "scrollHeight", {
      configurable: true,
      value: 2768,
    });
    vi.stubGlobal("innerHeight", 768);
    place({ leadquiz: "p-scroll", mode: "popup", scroll: "50" });
    loader().scan();
    vi.stubGlobal("scrollY", 600);
    window.dispatchEvent(new Event("scroll"));
    await flush();
    expect(dialogs()).toHaveLength(0);
    vi.stubGlobal("scrollY", 1000);
    window.dispatchEvent(new Event("scroll"));
    await flush();
    expect(isShown(dialogs()[0])).toBe(true);
  });

  it("opens by itself only once per visitor with the once cap", async () => {
    vi.useFakeTimers();
    place({ leadquiz: "p-once", mode: "popup", frequency: "once" });
    const first = loader();
    first.scan();
    await vi.advanceTimersByTimeAsync(10);
    expect(isShown(dialogs()[0])).toBe(true);
    expect(localStorage.getItem("leadquiz:shown:p-once")).not.toBeNull();

    // The next page view: a fresh page and loader, the same visitor.
    document.body.innerHTML = "";
    place({ leadquiz: "p-once", mode: "popup", frequency: "once" });
    const next = loader();
    next.scan();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(dialogs()).toHaveLength(0);
    next.open("p-once");
    await vi.advanceTimersByTimeAsync(0);
    expect(isShown(dialogs()[0])).toBe(true);
  });

  it("stays off on mobile when asked, but a button click still opens it", async () => {
    vi.useFakeTimers();
    mockMobile(true);
    document.body.innerHTML = '<button id="cta-m">Quiz</button>';
    place({ leadquiz: "p-mob", mode: "popup", "hide-on-mobile": "true", "button-id": "cta-m" });
    loader().scan();
    await vi.advanceTimersByTimeAsync(5000);
    expect(dialogs()).toHaveLength(0);
    document.getElementById("cta-m")?.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(isShown(dialogs()[0])).toBe(true);
  });

  it("loads the UI for an automatic popup at once, for one opened on request only when opened", async () => {
    const loads: string[] = [];
    const countingLoader = () =>
      createLoader(ORIGIN, async () => {
        loads.push("embed-ui.js");
        return ui;
      });
    // An inline quiz that never comes near the viewport (jsdom has no IntersectionObserver).
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        observe() {}
        disconnect() {}
      },
    );
    document.body.innerHTML = '<button id="cta-r">Quiz</button>';
    place({ leadquiz: "p-req", mode: "popup", open: "button", "button-id": "cta-r" });
    place({ leadquiz: "i-page" });
    countingLoader().scan();
    await flush();
    expect(loads).toEqual([]);
    document.getElementById("cta-r")?.click();
    await flush();
    expect(loads).toEqual(["embed-ui.js"]);
    expect(isShown(dialogs()[0])).toBe(true);

    reset();
    loads.length = 0;
    place({ leadquiz: "p-auto", mode: "popup", delay: "30" });
    countingLoader().scan();
    await flush();
    expect(loads).toEqual(["embed-ui.js"]);
    expect(dialogs()).toHaveLength(0);
  });

  it("closes on Escape and gives focus back", async () => {
    document.body.innerHTML = '<button id="cta-esc">Quiz</button>';
    place({ leadquiz: "p-esc", mode: "popup", open: "button", "button-id": "cta-esc" });
    const api = loader();
    const closed = record(api, "close");
    api.scan();
    const cta = document.getElementById("cta-esc") as HTMLButtonElement;
    cta.focus();
    cta.click();
    await flush();
    const d = dialogs()[0];
    expect(isShown(d)).toBe(true);
    const host = d?.getRootNode() as ShadowRoot;
    expect(host.activeElement?.className).toBe("x");
    host.activeElement?.dispatchEvent(
      new KeyboardEvent("keydown", { key: "Escape", bubbles: true, composed: true }),
    );
    expect(isShown(d)).toBe(false);
    expect(document.activeElement).toBe(cta);
    expect(closed).toEqual([{ publicKey: "p-esc", mode: "popup" }]);
  });

  it("keeps focus inside: the guards send it back to the dialog", async () => {
    const api = loader();
    api.open("p-trap");
    await flush();
    const root = dialogs()[0]?.getRootNode() as ShadowRoot;
    const [first, last] = [...root.querySelectorAll<HTMLElement>(".g")];
    last?.focus();
    expect(root.activeElement?.className).toBe("x");
    first?.focus();
    expect(root.activeElement?.tagName).toBe("IFRAME");
  });
});
