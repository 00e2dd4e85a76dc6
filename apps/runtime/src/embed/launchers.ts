import type { Instance } from "./context";
import { el, shadowHost } from "./dom";
import { type UiOptions, uiOptions } from "./ui-options";

/**
 * The always-visible part of banner, trigger and chat modes, or (with `box`) the button
 * that stands in for an inline quiz on a phone; a click opens the quiz.
 */
export function mountLauncher(inst: Instance, box?: HTMLElement): void {
  const o = uiOptions(inst.o);
  const root = shadowHost(o, box);
  const side = o.position === "left" ? "l" : "r";
  if (box) button("ib", root, inst).textContent = o.text;
  else if (o.mode === "banner") {
    const bar = el("div", `b ${o.position}`, root);
    const main = button("bt", bar, inst);
    main.textContent = o.text || o.title;
    if (o.additionalText) el("small", "", main).textContent = o.additionalText;
    const x = el("button", "bx", bar);
    x.textContent = "×";
    x.setAttribute("aria-label", o.closeLabel);
    x.onclick = () => bar.remove();
  } else if (o.mode === "chat") {
    const b = button(`c ${side}`, root, inst);
    b.textContent = o.text || o.title;
    b.setAttribute("aria-haspopup", "dialog");
  } else {
    const wrap = el("div", `t ${side} ${o.format}`, root);
    const bubbleText = o.message || o.text;
    let bubble: HTMLButtonElement | null = null;
    if (bubbleText || o.managerName) {
      bubble = button("m", wrap, inst);
      if (o.managerName) el("b", "", bubble).textContent = o.managerName;
      bubble.append(bubbleText);
      if (!o.openOnClick) bubble.style.display = "none";
    }
    const b = el("button", "tb", wrap);
    b.type = "button";
    b.setAttribute("aria-label", o.text || o.title);
    // open_on_click off: the first click shows the message, the message opens the quiz.
    b.onclick = () => {
      if (bubble && bubble.style.display === "none") bubble.style.display = "";
      else inst.open();
    };
    face(b, o.format === "video" ? o.video : o.format === "manager" ? o.photo : o.icon, o);
  }
}

function button(cls: string, parent: Node, inst: Instance): HTMLButtonElement {
  const b = el("button", cls, parent);
  b.type = "button";
  b.onclick = () => (inst.isOpen() ? inst.close() : inst.open());
  return b;
}

/** The picture on the round trigger button: a video, a photo, an icon image or a glyph. */
function face(b: HTMLButtonElement, src: string, o: UiOptions): void {
  const safe = /^(https?:)?\/\//.test(src) || src.startsWith("/");
  const yt = /(?:youtu\.be\/|[?&]v=|\/(?:embed|shorts)\/)([\w-]{11})/.exec(src)?.[1];
  if (o.format === "video" && yt) {
    const img = el("img", "", b);
    img.alt = "";
    img.src = `https://i.ytimg.com/vi/${yt}/mqdefault.jpg`;
    const play = () => {
      const f = el("iframe", "", b);
      f.src = `https://www.youtube-nocookie.com/embed/${yt}?autoplay=1&mute=1&controls=0&loop=1&playlist=${yt}`;
      f.title = o.title;
      f.tabIndex = -1;
      f.allow = "autoplay";
      img.remove();
    };
    if (o.playOnHover) b.onmouseenter = play;
    else play();
  } else if (o.format === "video" && safe) {
    const v = el("video", "", b);
    v.src = src;
    v.muted = v.loop = v.playsInline = true;
    v.preload = "metadata";
    if (o.playOnHover) {
      b.onmouseenter = () => {
        v.play()?.catch(() => undefined);
      };
      b.onmouseleave = () => v.pause();
    } else v.autoplay = true;
  } else if (safe) {
    const img = el("img", "", b);
    img.src = src;
    img.alt = "";
  } else b.textContent = src || "?";
}
