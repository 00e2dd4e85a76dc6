import type { UiOptions } from "./ui-options";

/** The loader's own styles; they live in Shadow DOM, so neither side leaks into the other. */
const CSS =
  ":host{all:initial}*{box-sizing:border-box;font:15px/1.4 system-ui,sans-serif}" +
  "button{cursor:pointer;border:0;padding:0;background:var(--lq-bg,#2563eb);color:var(--lq-c,#fff)}" +
  ":focus-visible{outline:3px solid #f59e0b;outline-offset:2px}" +
  ".o{position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:#0008;overscroll-behavior:contain}" +
  ".p{position:fixed;bottom:88px;z-index:2147483647;width:380px;max-width:calc(100vw - 32px);height:min(640px,calc(100vh - 120px))}" +
  ".d{position:relative;width:min(960px,94vw);height:min(720px,90vh);background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 8px 40px #0005}" +
  ".p .d{width:100%;height:100%}iframe{border:0;width:100%;height:100%;display:block}" +
  ".x{position:absolute;top:8px;right:8px;width:40px;height:40px;border-radius:50%;background:#000a;color:#fff;font-size:24px}" +
  ".g{position:absolute;width:1px;height:1px;overflow:hidden}.l{left:16px}.r{right:16px}" +
  ".b{position:fixed;left:0;right:0;bottom:0;z-index:2147483646;display:flex;background:var(--lq-bg,#2563eb)}" +
  ".b.top{top:0;bottom:auto}.bt{flex:1;padding:12px 16px;text-align:center}.bt small{display:block;opacity:.85;font-size:13px}.bx{width:48px;font-size:22px}" +
  ".t,.c{position:fixed;bottom:16px;z-index:2147483646}.t{display:flex;align-items:flex-end;gap:8px}.t.l{flex-direction:row-reverse}" +
  ".tb{width:64px;height:64px;border-radius:50%;overflow:hidden;font-size:28px;box-shadow:0 4px 16px #0004}.video .tb{width:96px;height:96px}" +
  ".tb img,.tb video,.tb iframe{width:100%;height:100%;object-fit:cover;pointer-events:none}" +
  ".m{max-width:240px;padding:10px 14px;border-radius:12px;background:#fff;color:#222;text-align:left;box-shadow:0 4px 16px #0003}.m b{display:block}" +
  ".c{padding:12px 20px;border-radius:24px;box-shadow:0 4px 16px #0004}.ib{display:block;width:100%;padding:14px;border-radius:8px}" +
  "@media(max-width:639px){.d{width:100%;height:100%;border-radius:0}.p{inset:0;width:auto;max-width:none;height:auto}}";

/** Creates an element with a class, appended to `parent` when given. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  cls = "",
  parent?: Node,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  parent?.appendChild(e);
  return e;
}

/** A host element (in `parent`, default body) with the loader's styles in its shadow root. */
export function shadowHost(o: UiOptions, parent: HTMLElement = document.body): ShadowRoot {
  const host = el("div", "", parent);
  host.setAttribute("data-leadquiz-ui", o.mode);
  if (o.background) host.style.setProperty("--lq-bg", o.background);
  if (o.color) host.style.setProperty("--lq-c", o.color);
  const root = host.attachShadow({ mode: "open" });
  el("style", "", root).textContent = CSS;
  return root;
}

/** The focused element, looking inside shadow roots. */
export function deepActive(): HTMLElement | null {
  let a = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a instanceof HTMLElement ? a : null;
}
