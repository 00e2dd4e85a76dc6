import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  dialogs,
  flush,
  frames,
  isShown,
  loader,
  mockMobile,
  place,
  post,
  record,
  reset,
  windowOf,
} from "./test-support";

/** A controllable IntersectionObserver: `intersect()` reports every observed target. */
let observed: Element[] = [];
let intersect: () => void = () => undefined;
beforeEach(() => {
  observed = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(cb: (entries: { isIntersecting: boolean }[]) => void) {
        intersect = () => cb([{ isIntersecting: true }]);
      }
      observe(target: Element) {
        observed.push(target);
      }
      disconnect() {}
    },
  );
});
afterEach(reset);

describe("inline", () => {
  it("reserves its height and creates the iframe only near the viewport", () => {
    const box = place({ leadquiz: "i-1", "min-height": "600", title: "Sofa quiz" });
    loader().scan();
    expect(box.style.minHeight).toBe("600px");
    expect(observed).toEqual([box]);
    expect(frames()).toHaveLength(0);
    intersect();
    const [f] = frames();
    expect(f?.parentElement).toBe(box);
    expect(f?.title).toBe("Sofa quiz");
    expect(f?.style.height).toBe("600px");
    expect(f?.src).toContain("/q/i-1?embed=1&mode=inline");
  });

  it("puts the quiz right after a script tag that declares it inline", () => {
    const script = place({ leadquiz: "i-script", mode: "inline" }, "script");
    loader().scan();
    intersect();
    expect(frames()[0]?.parentElement).toBe(script.nextElementSibling);
  });

  it("passes the host page's UTM parameters, referrer and address", () => {
    history.replaceState(null, "", "/landing?utm_source=fb&utm_campaign=spring&gclid=1");
    place({ leadquiz: "i-utm" });
    loader().scan();
    intersect();
    const url = new URL(frames()[0]?.src ?? "");
    expect(url.searchParams.get("utm_source")).toBe("fb");
    expect(url.searchParams.get("utm_campaign")).toBe("spring");
    expect(url.searchParams.get("gclid")).toBeNull();
    expect(url.searchParams.get("page_url")).toBe(location.href);
    history.replaceState(null, "", "/");
  });

  it("follows the height the quiz reports", () => {
    place({ leadquiz: "i-2" });
    loader().scan();
    intersect();
    const f = frames()[0] as HTMLIFrameElement;
    post(f.contentWindow, { source: "leadquiz", type: "resize", height: 812.4 });
    expect(f.style.height).toBe("813px");
    post(f.contentWindow, { source: "leadquiz", type: "resize", height: "huge" });
    expect(f.style.height).toBe("813px");
  });

  it("ignores messages from another origin, another window or another protocol", () => {
    place({ leadquiz: "i-3" });
    const api = loader();
    const leads = record(api, "lead");
    api.scan();
    intersect();
    const f = frames()[0] as HTMLIFrameElement;
    const stranger = document.createElement("iframe");
    document.body.appendChild(stranger);
    post(f.contentWindow, { source: "leadquiz", type: "resize", height: 900 }, "https://evil.test");
    post(stranger.contentWindow, { source: "leadquiz", type: "resize", height: 900 });
    post(window, { source: "leadquiz", type: "lead", lead: 1 });
    post(f.contentWindow, { source: "other", type: "resize", height: 900 });
    post(f.contentWindow, "resize");
    expect(f.style.height).toBe("500px");
    expect(leads).toHaveLength(0);
  });

  it("answers ready with the host context", () => {
    history.replaceState(null, "", "/p?utm_medium=cpc");
    place({ leadquiz: "i-ready" });
    loader().scan();
    intersect();
    const f = frames()[0] as HTMLIFrameElement;
    const sent = vi.spyOn(f.contentWindow as Window, "postMessage");
    post(f.contentWindow, { source: "leadquiz", type: "ready" });
    expect(sent).toHaveBeenCalledWith(
      {
        source: "leadquiz",
        type: "context",
        utm: { utm_medium: "cpc" },
        referrer: document.referrer,
        page_url: location.href,
      },
      "https://app.leadquiz.test",
    );
    history.replaceState(null, "", "/");
  });

  it("shows a button opening a full-screen popup on a phone when it has a text", async () => {
    mockMobile(true);
    const box = place({ leadquiz: "i-mob", text: "Take the quiz", background: "#f00" });
    loader().scan();
    await flush();
    expect(box.style.minHeight).toBe("");
    const b = box.querySelector("[data-leadquiz-ui]")?.shadowRoot?.querySelector("button");
    expect(b?.textContent).toBe("Take the quiz");
    b?.click();
    await flush();
    expect(isShown(dialogs()[0])).toBe(true);
    expect(frames()[0]?.src).toContain("mode=popup");
  });
});

describe("events and several quizzes", () => {
  it("fires on('lead') with the quiz's key, and stops after unsubscribe", () => {
    place({ leadquiz: "i-lead" });
    const api = loader();
    const seen: unknown[] = [];
    const off = api.on("lead", (d) => seen.push(d));
    api.scan();
    intersect();
    const f = frames()[0] as HTMLIFrameElement;
    post(f.contentWindow, { source: "leadquiz", type: "lead", lead: 42, public_key: "spoof" });
    expect(seen).toEqual([{ publicKey: "i-lead", mode: "inline", lead: 42 }]);
    off();
    post(f.contentWindow, { source: "leadquiz", type: "lead", lead: 43 });
    expect(seen).toHaveLength(1);
  });

  it("runs two quizzes side by side with separate state", async () => {
    place({ leadquiz: "a-key", mode: "popup", open: "button" });
    place({ leadquiz: "b-key", mode: "popup", open: "button" });
    place({ leadquiz: "a-key", mode: "popup", open: "button" }); // pasted twice: one popup
    const api = loader();
    const opened = record(api, "open");
    const leads = record(api, "lead");
    api.scan();
    api.open("a-key");
    api.open("b-key");
    await flush();
    expect(opened.map((d) => d.publicKey)).toEqual(["a-key", "b-key"]);
    const [a, b] = dialogs();
    const fa = a?.querySelector("iframe");
    const fb = b?.querySelector("iframe");
    windowOf(fa);
    windowOf(fb);
    expect(fa?.src).toContain("/q/a-key?");
    expect(fb?.src).toContain("/q/b-key?");
    post(windowOf(fb), { source: "leadquiz", type: "close" });
    expect(isShown(a)).toBe(true);
    expect(isShown(b)).toBe(false);
    post(windowOf(fa), { source: "leadquiz", type: "lead", lead: 7 });
    expect(leads).toEqual([{ publicKey: "a-key", mode: "popup", lead: 7 }]);
    api.close();
    expect(isShown(a)).toBe(false);
    expect(dialogs()).toHaveLength(2);
  });
});
