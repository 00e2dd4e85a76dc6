import { afterEach, describe, expect, it, vi } from "vitest";
import { installAnalytics } from "./analytics";
import { hasAnalytics } from "./events";
import { reportLeadToAnalytics } from "./lead-analytics";
import { quiz } from "./test/fixtures";

const none = { gtm_id: "", ga_id: "", pixel_id: "", tiktok_id: "" };
const scriptSrcs = () =>
  [...document.querySelectorAll<HTMLScriptElement>("script[src]")].map((s) => s.src);
const globals = window as unknown as Record<string, unknown>;

afterEach(() => {
  vi.unstubAllGlobals();
  for (const script of document.querySelectorAll("script")) script.remove();
  for (const name of ["dataLayer", "gtag", "fbq", "_fbq", "ttq", "TiktokAnalyticsObject"]) {
    delete globals[name];
  }
});

describe("reportLeadToAnalytics", () => {
  const stubTags = () => {
    const tags = {
      dataLayer: [] as unknown[],
      gtag: vi.fn(),
      fbq: vi.fn(),
      ttq: { track: vi.fn() },
    };
    for (const [name, value] of Object.entries(tags)) vi.stubGlobal(name, value);
    return tags;
  };

  it("fires nothing when nothing is configured, even with tags on the page", () => {
    const tags = stubTags();
    reportLeadToAnalytics(quiz({ analytics: none }), "sub-1");
    expect(tags.dataLayer).toEqual([]);
    expect(tags.gtag).not.toHaveBeenCalled();
    expect(tags.fbq).not.toHaveBeenCalled();
    expect(tags.ttq.track).not.toHaveBeenCalled();
    expect(hasAnalytics(none)).toBe(false);
  });

  it.each([
    ["gtm_id", "GTM-ABC123"],
    ["ga_id", "G-XYZ987"],
    ["pixel_id", "123456789012345"],
    ["tiktok_id", "CABCDEFGHIJ123"],
  ] as const)("fires exactly the tag of %s", (name, id) => {
    const tags = stubTags();
    const q = quiz({ analytics: { ...none, [name]: id } });
    expect(hasAnalytics(q.analytics)).toBe(true);
    reportLeadToAnalytics(q, "sub-1");
    expect(tags.dataLayer).toEqual(
      name === "gtm_id"
        ? [
            {
              event: "leadquiz_lead",
              leadquiz_quiz: q.public_key,
              leadquiz_title: "Test quiz",
              leadquiz_submission: "sub-1",
            },
          ]
        : [],
    );
    expect(tags.gtag.mock.calls).toEqual(
      name === "ga_id" ? [["event", "generate_lead", { send_to: id, quiz: "Test quiz" }]] : [],
    );
    expect(tags.fbq.mock.calls).toEqual(
      name === "pixel_id"
        ? [["track", "Lead", { content_name: "Test quiz" }, { eventID: "sub-1" }]]
        : [],
    );
    expect(tags.ttq.track.mock.calls).toEqual(
      name === "tiktok_id"
        ? [["SubmitForm", { content_name: "Test quiz" }, { event_id: "sub-1" }]]
        : [],
    );
  });

  it("never throws when an owner's tag does", () => {
    vi.stubGlobal("gtag", () => {
      throw new Error("broken tag");
    });
    expect(() =>
      reportLeadToAnalytics(quiz({ analytics: { ...none, ga_id: "G-1" } }), "sub-1"),
    ).not.toThrow();
  });
});

describe("installAnalytics", () => {
  it("loads nothing when nothing is configured", () => {
    installAnalytics(none);
    expect(scriptSrcs()).toEqual([]);
    expect(globals.dataLayer).toBeUndefined();
  });

  it("loads each configured vendor's tag with its standard snippet", () => {
    installAnalytics({
      gtm_id: "GTM-ABC123",
      ga_id: "G-XYZ987",
      pixel_id: "123456789012345",
      tiktok_id: "CABCDEFGHIJ123",
    });
    expect(scriptSrcs()).toEqual([
      "https://www.googletagmanager.com/gtm.js?id=GTM-ABC123",
      "https://www.googletagmanager.com/gtag/js?id=G-XYZ987",
      "https://connect.facebook.net/en_US/fbevents.js",
      "https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=CABCDEFGHIJ123&lib=ttq",
    ]);
    const layer = globals.dataLayer as unknown[];
    expect(layer[0]).toMatchObject({ event: "gtm.js" });
    const calls = layer.filter((entry) => typeof (entry as ArrayLike<unknown>).length === "number");
    expect(
      calls.map((entry) => Array.from(entry as ArrayLike<unknown>).slice(0, 2)),
    ).toContainEqual(["config", "G-XYZ987"]);
    const fbq = globals.fbq as { queue: unknown[][] };
    expect(fbq.queue).toEqual([
      ["init", "123456789012345"],
      ["track", "PageView"],
    ]);
    const ttq = globals.ttq as unknown[] & { track: (e: string) => void };
    expect([...ttq]).toEqual([["page"]]);
    // The lead event goes to the queues the snippets made.
    reportLeadToAnalytics(
      quiz({ analytics: { ...none, pixel_id: "123456789012345", tiktok_id: "CABCDEFGHIJ123" } }),
      "sub-2",
    );
    expect(fbq.queue.at(-1)?.slice(0, 2)).toEqual(["track", "Lead"]);
    expect([...ttq].at(-1)).toEqual([
      "track",
      "SubmitForm",
      { content_name: "Test quiz" },
      { event_id: "sub-2" },
    ]);
  });

  it("skips a tag the page already has and ids that are not ids", () => {
    const fbq = vi.fn();
    vi.stubGlobal("fbq", fbq);
    installAnalytics({ ...none, pixel_id: "42", gtm_id: 'x"><script>' });
    expect(scriptSrcs()).toEqual([]);
    expect(fbq.mock.calls).toEqual([
      ["init", "42"],
      ["track", "PageView"],
    ]);
  });
});
