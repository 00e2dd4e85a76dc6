import type { EmbedOptions } from "./options";

/** What the host page tells the quiz: its UTM parameters, referrer and address. */
export interface HostContext {
  utm: Record<string, string>;
  referrer: string;
  page_url: string;
}

/** A message of the embed protocol (docs/embed.md), in either direction. */
export interface EmbedMessage {
  source: "leadquiz";
  type: string;
  height?: unknown;
  lead?: unknown;
  step?: unknown;
}

/** A quiz shown on the page: one per (public key, mode), or one per inline container. */
export interface Instance {
  o: EmbedOptions;
  open(): void;
  close(): void;
  isOpen(): boolean;
}

/** An iframe the loader created; only its window may talk to the loader. */
export interface FrameRecord {
  iframe: HTMLIFrameElement;
  inst: Instance;
  onResize?: ((height: number) => void) | undefined;
}

export type EventName = "open" | "close" | "lead" | "ready" | "step";
export interface EventDetail {
  publicKey: string;
  mode: string;
  lead?: unknown;
  step?: unknown;
}

/** The loader's shared state, handed to every mode. */
export interface Ctx {
  origin: string;
  frames: FrameRecord[];
  emit(name: EventName, detail: EventDetail): void;
}

export function hostContext(): HostContext {
  const utm: Record<string, string> = {};
  new URLSearchParams(location.search).forEach((value, name) => {
    if (name.startsWith("utm_")) utm[name] = value;
  });
  return { utm, referrer: document.referrer, page_url: location.href };
}

/** `{origin}/q/{key}?embed=1&mode=…&utm_…&referrer=…&page_url=…` */
export function frameUrl(origin: string, o: EmbedOptions, mode: string = o.mode): string {
  const c = hostContext();
  const q = new URLSearchParams({ embed: "1", mode, ...c.utm });
  if (c.referrer) q.set("referrer", c.referrer);
  q.set("page_url", c.page_url);
  return `${origin}/q/${encodeURIComponent(o.key)}?${q}`;
}

/** Creates the quiz iframe (not yet in the page) and registers it for messages. */
export function createFrame(
  ctx: Ctx,
  inst: Instance,
  mode?: string,
  onResize?: (height: number) => void,
): HTMLIFrameElement {
  const f = document.createElement("iframe");
  f.src = frameUrl(ctx.origin, inst.o, mode);
  f.title = inst.o.title;
  f.allow = "autoplay; fullscreen; clipboard-write";
  ctx.frames.push({ iframe: f, inst, onResize });
  return f;
}

export function isMobile(): boolean {
  return !!window.matchMedia?.("(max-width: 639px)").matches;
}
