import { bool, type EmbedOptions, num, pick } from "./options";

export type Position = "top" | "bottom" | "left" | "right";
/** How often an automatic popup may open: every page view, once per tab session, once per visitor. */
export type Frequency = "always" | "session" | "once";

/**
 * The options only `embed-ui.js` uses (the opening rules, the frequency cap, hiding on
 * phones, the look of dialogs and launchers), read there from the element's `data-`
 * attributes (docs/embed.md).
 */
export interface UiOptions extends EmbedOptions {
  /** Seconds before the automatic opening; null when not given. */
  delay: number | null;
  exitIntent: boolean;
  /** Scroll depth in percent that opens the popup; 0 = off. */
  scroll: number;
  frequency: Frequency;
  hideOnMobile: boolean;
  closeLabel: string;
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
}

/** The loader's options completed with the look, from the same `data-` attributes. */
export function uiOptions(o: EmbedOptions): UiOptions {
  const d = o.d;
  const p = d.position ?? "";
  const delay = num(d.delay, -1);
  return {
    ...o,
    delay: delay < 0 ? null : delay,
    exitIntent: bool(d.exitIntent, false),
    scroll: Math.min(num(d.scroll, 0), 100),
    frequency: pick(d.frequency, ["always", "session", "once"] as const, "always"),
    hideOnMobile: bool(d.hideOnMobile, false),
    closeLabel: d.closeLabel || "Close",
    additionalText: d.additionalText ?? "",
    background: d.background ?? "",
    color: d.color ?? "",
    position: /top/.test(p)
      ? "top"
      : /left/.test(p)
        ? "left"
        : o.mode === "banner"
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
  };
}
