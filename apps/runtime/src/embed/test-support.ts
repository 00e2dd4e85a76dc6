import { vi } from "vitest";
import type { EventDetail } from "./context";
import { createLoader, type LeadquizApi } from "./loader";
import { ui } from "./ui";

export const ORIGIN = "https://app.leadquiz.test";

/** A loader whose UI is imported directly instead of injected by a script tag. */
export function loader(): LeadquizApi {
  return createLoader(ORIGIN, async () => ui);
}

/** Adds `<div data-leadquiz=…>` (or another tag) with the given data attributes. */
export function place(attrs: Record<string, string>, tag = "div"): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(`data-${name}`, value);
  document.body.appendChild(node);
  return node;
}

/** Lets the lazily loaded UI arrive. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 6; i++) await Promise.resolve();
}

/** The loader's iframes, looking inside its shadow roots. */
export function frames(): HTMLIFrameElement[] {
  const found = [...document.querySelectorAll("iframe")];
  for (const host of document.querySelectorAll("[data-leadquiz-ui]")) {
    found.push(...(host.shadowRoot?.querySelectorAll("iframe") ?? []));
  }
  return found;
}

/** The dialog wrapper of the only (or the n-th) dialog, null when none was built. */
export function dialogs(): HTMLElement[] {
  return [...document.querySelectorAll("[data-leadquiz-ui]")]
    .map((h) => h.shadowRoot?.querySelector<HTMLElement>(".o, .p"))
    .filter((d): d is HTMLElement => !!d);
}

export function isShown(d: HTMLElement | undefined): boolean {
  return !!d && d.style.display !== "none";
}

/**
 * The window of an iframe. jsdom gives iframes inside shadow roots no window (browsers
 * do), so such an iframe gets a real window borrowed from a hidden light-DOM iframe.
 */
export function windowOf(f: HTMLIFrameElement | null | undefined): Window | null {
  if (!f) return null;
  if (!f.contentWindow) {
    const donor = document.createElement("iframe");
    donor.hidden = true;
    document.documentElement.appendChild(donor);
    Object.defineProperty(f, "contentWindow", { value: donor.contentWindow });
  }
  return f.contentWindow;
}

/** Posts a message to the page as if from `source` at `origin`. */
export function post(source: Window | null, data: unknown, origin = ORIGIN): void {
  window.dispatchEvent(new MessageEvent("message", { data, origin, source }));
}

export function mockMobile(matches: boolean): void {
  window.matchMedia = vi.fn().mockReturnValue({ matches }) as unknown as typeof window.matchMedia;
}

/** Collects the detail of every event `name` the loader emits. */
export function record(api: LeadquizApi, name: "open" | "close" | "lead"): EventDetail[] {
  const seen: EventDetail[] = [];
  api.on(name, (d) => seen.push(d));
  return seen;
}

export function reset(): void {
  document.body.innerHTML = "";
  document.head.innerHTML = "";
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, "matchMedia");
}
