import type { PublicQuiz } from "@leadquiz/contract";
import type { AnalyticsWindow } from "./lead-analytics";

/**
 * The owner's tags on the visitor's page (the hosted page `/q/{key}` and the embed's
 * frame), each vendor's standard loader snippet, injected only when its id is configured
 * and the tag is not on the page already. A chunk of its own: quizzes without analytics
 * never download it. The lead events themselves: `reportLeadToAnalytics` (lead-analytics.ts).
 */

/** Ids go into script URLs: letters, digits, `-` and `_` only (GTM-XXXX, G-XXXX, 1234…). */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

type TaggedWindow = AnalyticsWindow & {
  google_tag_manager?: unknown;
  _fbq?: unknown;
  TiktokAnalyticsObject?: string;
};
type Queue = ((...args: unknown[]) => void) & {
  queue?: unknown[];
  callMethod?: (...args: unknown[]) => void;
  push?: unknown;
  loaded?: boolean;
  version?: string;
};

function addScript(doc: Document, src: string): void {
  if (doc.querySelector(`script[src="${src}"]`)) return;
  const script = doc.createElement("script");
  script.async = true;
  script.src = src;
  doc.head.appendChild(script);
}

/** Google Tag Manager's container snippet. */
function gtm(w: TaggedWindow, doc: Document, id: string): void {
  if (w.google_tag_manager) return;
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  addScript(doc, `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`);
}

/** GA4's gtag.js snippet. */
function ga4(w: TaggedWindow, doc: Document, id: string): void {
  w.dataLayer = w.dataLayer ?? [];
  if (!w.gtag) {
    const layer = w.dataLayer;
    w.gtag = function gtag() {
      // gtag.js reads the `arguments` object itself, not an array.
      // biome-ignore lint/complexity/noArguments: the vendor's contract
      layer.push(arguments);
    };
    w.gtag("js", new Date());
  }
  w.gtag("config", id);
  addScript(doc, `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
}

/** Meta Pixel's base code. */
function metaPixel(w: TaggedWindow, doc: Document, id: string): void {
  if (!w.fbq) {
    const fbq: Queue = (...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue?.push(args);
    };
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = "2.0";
    fbq.queue = [];
    w.fbq = fbq;
    w._fbq = w._fbq ?? fbq;
    addScript(doc, "https://connect.facebook.net/en_US/fbevents.js");
  }
  w.fbq("init", id);
  w.fbq("track", "PageView");
}

const TIKTOK_METHODS = [
  "page",
  "track",
  "identify",
  "instances",
  "debug",
  "on",
  "off",
  "once",
  "ready",
  "alias",
  "group",
  "enableCookie",
  "disableCookie",
  "holdConsent",
  "revokeConsent",
  "grantConsent",
];
type Deferring = unknown[] & Record<string, unknown>;

/** TikTok pixel's base code (the vendor's snippet, written out). */
function tiktok(w: TaggedWindow, doc: Document, id: string): void {
  const existing = w.ttq as unknown as (Deferring & { load?: (id: string) => void }) | undefined;
  if (existing?.load) return; // the host page has its own
  const ttq = (existing ?? []) as Deferring;
  const defer = (target: Deferring, method: string) => {
    target[method] = (...args: unknown[]) => target.push([method, ...args]);
  };
  for (const method of TIKTOK_METHODS) defer(ttq, method);
  const src = "https://analytics.tiktok.com/i18n/pixel/events.js";
  const instances: Record<string, Deferring> = {};
  const instance = Object.assign([], { _u: src }) as unknown as Deferring;
  instances[id] = instance;
  Object.assign(ttq, {
    methods: TIKTOK_METHODS,
    _i: instances,
    _t: { [id]: Date.now() },
    _o: { [id]: {} },
    instance: (name: string) => {
      const found = instances[name] ?? ([] as unknown as Deferring);
      for (const method of TIKTOK_METHODS) defer(found, method);
      return found;
    },
  });
  w.TiktokAnalyticsObject = "ttq";
  w.ttq = ttq as unknown as NonNullable<TaggedWindow["ttq"]>;
  addScript(doc, `${src}?sdkid=${encodeURIComponent(id)}&lib=ttq`);
  (ttq.page as () => void)();
}

/** Installs the configured tags; a malformed id is skipped. */
export function installAnalytics(
  analytics: PublicQuiz["analytics"],
  w: Window = window,
  doc: Document = document,
): void {
  const target = w as unknown as TaggedWindow;
  const id = (value: string) => {
    const trimmed = value.trim();
    return ID.test(trimmed) ? trimmed : null;
  };
  const gtmId = id(analytics.gtm_id);
  const gaId = id(analytics.ga_id);
  const pixelId = id(analytics.pixel_id);
  const tiktokId = id(analytics.tiktok_id);
  if (gtmId) gtm(target, doc, gtmId);
  if (gaId) ga4(target, doc, gaId);
  if (pixelId) metaPixel(target, doc, pixelId);
  if (tiktokId) tiktok(target, doc, tiktokId);
}
