/** How a quiz is shown on the host page (`data-mode`). */
export type Mode = "popup" | "banner" | "trigger" | "inline" | "chat";

/**
 * What the loader reads from one element's `data-` attributes (see docs/embed.md): when and
 * how the quiz opens. The look of dialogs and launchers is read by `embed-ui.js` from the
 * same attributes (`d`, ui-options.ts), so the loader does not carry it (docs/adr/0008).
 */
export interface EmbedOptions {
  key: string;
  mode: Mode;
  title: string;
  /** `auto`: opens by itself (delay, exit intent, scroll depth); `button`: only when asked. */
  open: "auto" | "button";
  buttonId: string;
  text: string;
  minHeight: number;
  /** The element's `data-` attributes, for the UI's own options. */
  d: DOMStringMap;
}

export const MODES: readonly Mode[] = ["popup", "banner", "trigger", "inline", "chat"];

/** Reads the options of an element carrying `data-leadquiz`; null without a key. */
export function parseOptions(node: HTMLElement): EmbedOptions | null {
  const d = node.dataset;
  const key = (d.leadquiz ?? "").trim();
  if (!key) return null;
  const mode = pick(d.mode, MODES, node.tagName === "SCRIPT" ? "popup" : "inline");
  return {
    key,
    mode,
    title: d.title || "Quiz",
    open: pick(d.open, ["auto", "button"] as const, mode === "popup" ? "auto" : "button"),
    buttonId: d.buttonId ?? "",
    text: d.text ?? "",
    minHeight: num(d.minHeight, 500),
    d,
  };
}

export function pick<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  return allowed.find((a) => a === value) ?? fallback;
}

export function num(value: string | undefined, fallback: number): number {
  const n = value ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

export function bool(value: string | undefined, fallback: boolean): boolean {
  return value == null ? fallback : !/^(false|0|off|no)$/i.test(value);
}
