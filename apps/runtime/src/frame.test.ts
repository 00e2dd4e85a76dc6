import { afterEach, describe, expect, it, vi } from "vitest";
import { embedFrame, frameBridge, parseContextMessage } from "./frame";
import { quiz } from "./test/fixtures";

const q = quiz({ hidden_fields: ["cid"] });
const host = "https://shop.example/sofas?utm_source=fb&cid=77";
const frameHref = (extra = "") =>
  `https://app.example/q/${q.public_key}?embed=1&mode=popup&utm_source=fb&utm_medium=cpc` +
  `&referrer=${encodeURIComponent("https://www.google.com/")}&page_url=${encodeURIComponent(host)}${extra}`;

/** A frame's window: its own events and document, a parent that records messages. */
function fakeWindow(href: string) {
  const events = new EventTarget();
  const parent = { postMessage: vi.fn() };
  const w = {
    location: { href },
    parent,
    scrollY: 0,
    document,
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
  };
  return { w: w as unknown as Window, parent, events };
}
const messages = (parent: { postMessage: ReturnType<typeof vi.fn> }) =>
  parent.postMessage.mock.calls.map(([message, origin]) => ({ message, origin }));
const message = (data: unknown, source: unknown) =>
  Object.assign(new Event("message"), { data, source });

afterEach(() => vi.unstubAllGlobals());

describe("embedFrame", () => {
  it("is null on the hosted page and at the top of the window", () => {
    expect(embedFrame(q)).toBeNull(); // jsdom's window is its own parent
    const { w } = fakeWindow(`https://app.example/q/${q.public_key}`);
    expect(embedFrame(q, w)).toBeNull();
  });

  it("reads the host's context from the frame's address", () => {
    const { w } = fakeWindow(frameHref());
    const frame = embedFrame(q, w);
    expect(frame?.mode).toBe("popup");
    expect(frame?.hostOrigin).toBe("https://shop.example");
    expect(frame?.context).toEqual({
      utm: { utm_source: "fb", utm_medium: "cpc" },
      referrer: "https://www.google.com/",
      page_url: host,
      hidden: { cid: "77" },
    });
  });

  it("posts to any origin when the page address is missing or not http", () => {
    const { w } = fakeWindow(`https://app.example/q/k?embed=1&page_url=javascript:alert(1)`);
    const frame = embedFrame(q, w);
    expect(frame?.hostOrigin).toBe("*");
    expect(frame?.context.page_url).toBe("");
  });
});

describe("parseContextMessage", () => {
  it("takes a well-formed context and reads hidden fields from its page_url", () => {
    expect(
      parseContextMessage(
        {
          source: "leadquiz",
          type: "context",
          utm: { utm_campaign: "spring", evil: "x", utm_term: 5 },
          referrer: "",
          page_url: "https://shop.example/x?cid=9",
        },
        q,
      ),
    ).toEqual({
      utm: { utm_campaign: "spring" },
      referrer: "",
      page_url: "https://shop.example/x?cid=9",
      hidden: { cid: "9" },
    });
  });

  it.each([
    null,
    "context",
    { source: "other", type: "context", page_url: "https://a.example/" },
    { source: "leadquiz", type: "ready" },
    { source: "leadquiz", type: "context", page_url: "javascript:alert(1)" },
    { source: "leadquiz", type: "context", page_url: 5 },
    { source: "leadquiz", type: "context", page_url: "", utm: ["utm_source"] },
    { source: "leadquiz", type: "context", page_url: `https://a.example/${"x".repeat(3000)}` },
  ])("refuses %j", (data) => {
    expect(parseContextMessage(data, q)).toBeNull();
  });
});

describe("frameBridge", () => {
  it("says ready, its height, each step and the acknowledged lead to the host", () => {
    const observed = { report: (): void => undefined };
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(callback: () => void) {
          observed.report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const { w, parent } = fakeWindow(frameHref());
    const frame = embedFrame(q, w);
    if (!frame) throw new Error("not embedded");
    const bridge = frameBridge(frame, q, () => undefined, w);
    const element = document.createElement("div");
    let bottom = 480.2;
    element.getBoundingClientRect = () => ({ bottom }) as DOMRect;
    bridge.ready(element);
    bottom = 612;
    observed.report();
    observed.report(); // same height: no message
    bridge.onEvent({ type: "step", step: { kind: "question", question: 3, index: 0 } });
    bridge.onEvent({ type: "answer", question: 3 });
    bridge.onLead({ lead: 41, results: [], redirect_url: null });
    bridge.onLead(null);
    expect(messages(parent)).toEqual(
      [
        { type: "ready" },
        { type: "resize", height: 481 },
        { type: "resize", height: 612 },
        { type: "step", step: { kind: "question", question: 3, index: 0 } },
        { type: "lead", lead: 41, public_key: q.public_key },
      ].map((m) => ({ message: { source: "leadquiz", ...m }, origin: "https://shop.example" })),
    );
    bridge.stop();
  });

  it("asks to close on Escape in the dialog modes only", () => {
    const popup = fakeWindow(frameHref());
    const popupFrame = embedFrame(q, popup.w);
    const inline = fakeWindow(frameHref().replace("mode=popup", "mode=inline"));
    const inlineFrame = embedFrame(q, inline.w);
    if (!popupFrame || !inlineFrame) throw new Error("not embedded");
    const bridges = [
      frameBridge(popupFrame, q, () => undefined, popup.w),
      frameBridge(inlineFrame, q, () => undefined, inline.w),
    ];
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(messages(popup.parent).map(({ message }) => message)).toEqual([
      { source: "leadquiz", type: "close" },
    ]);
    expect(messages(inline.parent)).toEqual([]);
    for (const bridge of bridges) bridge.stop();
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(popup.parent.postMessage).toHaveBeenCalledTimes(1);
  });

  it("takes the host's context from the parent window only", () => {
    const { w, parent, events } = fakeWindow(frameHref());
    const frame = embedFrame(q, w);
    if (!frame) throw new Error("not embedded");
    const setContext = vi.fn();
    const bridge = frameBridge(frame, q, setContext, w);
    const context = {
      source: "leadquiz",
      type: "context",
      utm: { utm_source: "mail" },
      referrer: "https://news.example/",
      page_url: "https://shop.example/?cid=5",
    };
    events.dispatchEvent(message(context, {}));
    events.dispatchEvent(message({ ...context, page_url: "data:text/html,x" }, parent));
    expect(setContext).not.toHaveBeenCalled();
    events.dispatchEvent(message(context, parent));
    expect(setContext).toHaveBeenCalledWith({
      utm: { utm_source: "mail" },
      referrer: "https://news.example/",
      page_url: "https://shop.example/?cid=5",
      hidden: { cid: "5" },
    });
    bridge.stop();
  });
});
