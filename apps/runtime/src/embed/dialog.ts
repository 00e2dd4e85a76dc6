import { type Ctx, createFrame, type Instance } from "./context";
import { deepActive, el, shadowHost } from "./dom";
import { markShown } from "./frequency";
import type { EmbedOptions } from "./options";
import { uiOptions } from "./ui-options";

/**
 * A quiz in a dialog: a modal popup (popup, banner, trigger modes; full screen under
 * 640 px) or a corner panel (chat). Built on first open; closing hides it and keeps the
 * iframe, so the visitor's answers survive. Focus is trapped with guards around the
 * iframe, Escape closes, and focus returns to where it was.
 */
export function createDialog(ctx: Ctx, options: EmbedOptions): Instance {
  const o = uiOptions(options);
  const panel = o.mode === "chat";
  let wrap: HTMLElement | null = null;
  let closeButton: HTMLButtonElement | null = null;
  let back: HTMLElement | null = null;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") inst.close();
  };
  const build = (): HTMLElement => {
    const w = el("div", panel ? `p ${o.position === "left" ? "l" : "r"}` : "o", shadowHost(o));
    const d = el("div", "d", w);
    d.setAttribute("role", "dialog");
    d.setAttribute("aria-label", o.title);
    if (!panel) d.setAttribute("aria-modal", "true");
    const first = el("span", "g", d);
    const x = el("button", "x", d);
    x.type = "button";
    x.textContent = "×";
    x.setAttribute("aria-label", o.closeLabel);
    x.onclick = () => inst.close();
    const frame = createFrame(ctx, inst, panel ? "chat" : o.mode);
    d.appendChild(frame);
    const last = el("span", "g", d);
    first.tabIndex = last.tabIndex = 0;
    first.onfocus = () => frame.focus();
    last.onfocus = () => x.focus();
    if (!panel) w.onclick = (e) => e.target === w && inst.close();
    closeButton = x;
    return w;
  };
  const inst: Instance = {
    o,
    isOpen: () => !!wrap && wrap.style.display !== "none",
    open() {
      if (inst.isOpen()) return;
      back = deepActive();
      wrap ??= build();
      wrap.style.display = "";
      markShown(o);
      document.addEventListener("keydown", onKey);
      closeButton?.focus();
      ctx.emit("open", { publicKey: o.key, mode: o.mode });
    },
    close() {
      if (!wrap || !inst.isOpen()) return;
      wrap.style.display = "none";
      document.removeEventListener("keydown", onKey);
      if (back?.isConnected) back.focus();
      back = null;
      ctx.emit("close", { publicKey: o.key, mode: o.mode });
    },
  };
  return inst;
}
