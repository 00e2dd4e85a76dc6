/** How a quiz is shown on the host page (`data-mode`). */
export type Mode = "popup" | "banner" | "trigger" | "inline" | "chat";
/** How often an automatic popup may open: every page view, once per tab session, once per visitor. */
export type Frequency = "always" | "session" | "once";
export type Position = "top" | "bottom" | "left" | "right";

/** Everything the loader reads from one element's `data-` attributes (see docs/embed.md). */
export interface EmbedOptions {
  key: string;
  mode: Mode;
  title: string;
  closeLabel: string;
  /** `auto`: opens by itself (delay, exit intent, scroll depth); `button`: only when asked. */
  open: "auto" | "button";
  /** Seconds before the automatic opening; null when not given. */
  delay: number | null;
  exitIntent: boolean;
  /** Scroll depth in percent that opens the popup; 0 = off. */
  scroll: number;
  buttonId: string;
  frequency: Frequency;
  hideOnMobile: boolean;
  text: string;
  additionalText: string;
  background: string;
  color: string;
  position: Position;
  format: "icon" | "video" | "manager";
  icon: string;
  video: string;
  playOnHover: boolean;
  openOnClick: boolean;
  managerName: string;
  photo: string;
  message: string;
  minHeight: number;
}

export const MODES: readonly Mode[] = ["popup", "banner", "trigger", "inline", "chat"];

/** Reads the options of an element carrying `data-leadquiz`; null without a key. */
export function parseOptions(node: HTMLElement): EmbedOptions | null {
  const d = node.dataset;
  const key = (d.leadquiz ?? "").trim();
  if (!key) return null;
  const mode = pick(d.mode, MODES, node.tagName === "SCRIPT" ? "popup" : "inline");
  const p = d.position ?? "";
  const delay = num(d.delay, -1);
  return {
    key,
    mode,
    title: d.title || "Quiz",
    closeLabel: d.closeLabel || "Close",
    open: pick(d.open, ["auto", "button"] as const, mode === "popup" ? "auto" : "button"),
    delay: delay < 0 ? null : delay,
    exitIntent: bool(d.exitIntent, false),
    scroll: Math.min(num(d.scroll, 0), 100),
    buttonId: d.buttonId ?? "",
    frequency: pick(d.frequency, ["always", "session", "once"] as const, "always"),
    hideOnMobile: bool(d.hideOnMobile, false),
    text: d.text ?? "",
    additionalText: d.additionalText ?? "",
    background: d.background ?? "",
    color: d.color ?? "",
    position: /top/.test(p)
      ? "top"
      : /left/.test(p)
        ? "left"
        : mode === "banner"
          ? "bottom"
          : "right",
    format: pick(d.format, ["icon", "video", "manager"] as const, "icon"),
    icon: d.icon ?? "",
    video: d.video ?? "",
    playOnHover: bool(d.playOnHover, true),
    openOnClick: bool(d.openOnClick, true),
    managerName: d.managerName ?? "",
    photo: d.photo ?? "",
    message: d.message ?? "",
    minHeight: num(d.minHeight, 500),
  };
}

function pick<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  return allowed.find((a) => a === value) ?? fallback;
}

function num(value: string | undefined, fallback: number): number {
  const n = value ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  return value == null ? fallback : !/^(false|0|off|no)$/i.test(value);
}
