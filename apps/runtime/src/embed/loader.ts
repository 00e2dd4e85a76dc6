import { bindButton } from "./auto-open";
import {
  type Ctx,
  type EmbedMessage,
  type EventDetail,
  type EventName,
  type FrameRecord,
  hostContext,
  type Instance,
  isMobile,
} from "./context";
import { mountInline } from "./inline";
import { type EmbedOptions, parseOptions } from "./options";
import type { Ui, UiHost } from "./ui";

type Listener = (detail: EventDetail) => void;

/** `window.Leadquiz` once the loader runs (docs/embed.md, "JavaScript API"). */
export interface LeadquizApi {
  /** The loader's version; its presence tells a second copy of the script to stand down. */
  v: string;
  open(publicKey?: string): void;
  close(publicKey?: string): void;
  on(name: EventName, fn: Listener): () => void;
  /** Mounts `data-leadquiz` elements added since the last scan (single-page apps). */
  scan(): void;
  /** Calls queued as `[method, ...args]`; pushing runs them at once. */
  q: { push(call: unknown[]): void };
}

/** Loads `embed-ui.js` from the product's origin once, by a script tag. */
export function loadUiScript(origin: string): Promise<Ui> {
  const host = window as unknown as UiHost;
  return new Promise((resolve, reject) => {
    if (host.LeadquizUi) return resolve(host.LeadquizUi);
    const s = document.createElement("script");
    s.src = `${origin}/embed-ui.js`;
    s.async = true;
    // Without the UI (a broken deploy), the next opening tries again.
    s.onload = () => (host.LeadquizUi ? resolve(host.LeadquizUi) : reject());
    s.onerror = reject;
    document.head.appendChild(s);
  });
}

/**
 * Creates the loader for quizzes served from `origin` and starts listening for messages.
 * `loadUi` brings the display modes' UI (dialogs, launchers) when first needed.
 */
export function createLoader(
  origin: string,
  loadUi: () => Promise<Ui> = () => loadUiScript(origin),
): LeadquizApi {
  const listeners: Partial<Record<string, Listener[]>> = {};
  const instances: Instance[] = [];
  const keyed: Record<string, Instance> = {};
  const seen = new WeakSet<Element>();
  const frames: FrameRecord[] = [];
  const ctx: Ctx = {
    origin,
    frames,
    emit(name, detail) {
      for (const fn of listeners[name] ?? []) {
        try {
          fn(detail);
        } catch {
          // A host page's listener must not break the loader or the other listeners.
        }
      }
    },
  };

  let uiPromise: Promise<Ui> | undefined;
  const withUi = (fn: (u: Ui) => void) => {
    uiPromise ??= loadUi();
    uiPromise.then(fn, () => {
      uiPromise = undefined;
    });
  };
  /** A dialog whose UI arrives with `embed-ui.js` on first open. */
  const lazyDialog = (o: EmbedOptions): Instance => {
    let real: Instance | undefined;
    return {
      o,
      isOpen: () => !!real?.isOpen(),
      open: () =>
        withUi((u) => {
          real ??= u.createDialog(ctx, o);
          real.open();
        }),
      close: () => real?.close(),
    };
  };

  addEventListener("message", (e) => {
    // Only from our origin and one of our iframes' windows (an iframe not yet in the page
    // has none: hence the check of `source`).
    const rec =
      e.source && e.origin === origin && frames.find((r) => r.iframe.contentWindow === e.source);
    const d = e.data as EmbedMessage | null;
    if (!rec || d?.source !== "leadquiz") return;
    const { type } = d;
    const detail: EventDetail = { publicKey: rec.inst.o.key, mode: rec.inst.o.mode };
    if (type === "resize") {
      const h = Number(d.height);
      if (h > 0 && h < 1e5) rec.onResize?.(Math.ceil(h));
    } else if (type === "close") rec.inst.close();
    else if (type === "lead" || type === "step") ctx.emit(type, { ...detail, [type]: d[type] });
    else if (type === "ready") {
      (e.source as Window).postMessage(
        { source: "leadquiz", type: "context", ...hostContext() },
        origin,
      );
      ctx.emit("ready", detail);
    }
  });

  /** The dialog-like quiz for a key: a declared one first, else a popup made on demand. */
  const find = (key?: string): Instance | undefined => {
    const dialogs = instances.filter((i) => i.o.mode !== "inline");
    const k = key ?? (dialogs[0] ?? instances[0])?.o.key;
    return k ? (dialogs.find((i) => i.o.key === k) ?? adopt(k)) : undefined;
  };
  /** A popup for a key the page did not declare (or declared only inline). */
  const adopt = (key: string): Instance | undefined => {
    const holder = document.createElement("div");
    holder.dataset.leadquiz = key;
    holder.dataset.mode = "popup";
    holder.dataset.open = "button";
    return mount(holder);
  };
  const mount = (node: HTMLElement): Instance | undefined => {
    seen.add(node);
    const o = parseOptions(node);
    if (!o) return;
    if (o.mode === "inline") {
      // A script tag cannot hold the quiz: it gets a container right after it.
      let box = node;
      if (node.tagName === "SCRIPT") {
        box = document.createElement("div");
        node.after(box);
      }
      const inst =
        o.text && isMobile() ? lazyDialog({ ...o, mode: "popup" }) : mountInline(ctx, box, o);
      if (inst.o.mode === "popup") withUi((u) => u.mountLauncher(inst, box));
      instances.push(inst);
      return inst;
    }
    const id = `${o.key}:${o.mode}`;
    if (keyed[id]) return keyed[id];
    const inst = lazyDialog(o);
    keyed[id] = inst;
    instances.push(inst);
    // Launchers and the opening rules (delay, exit intent, scroll, frequency cap, hiding
    // on phones) come with the UI; a popup opened only on request waits for its opening.
    if (o.mode !== "popup" || o.open === "auto") withUi((u) => u.arm(inst));
    bindButton(inst);
    return inst;
  };

  const api: LeadquizApi = {
    v: "1",
    open: (key) => find(key)?.open(),
    close(key) {
      for (const i of instances) if (!key || i.o.key === key) i.close();
    },
    on(name, fn) {
      const list = listeners[name] ?? [];
      listeners[name] = list;
      list.push(fn);
      return () => {
        const at = list.indexOf(fn);
        if (at >= 0) list.splice(at, 1);
      };
    },
    scan() {
      for (const node of document.querySelectorAll<HTMLElement>("[data-leadquiz]")) {
        if (!seen.has(node)) mount(node);
      }
    },
    q: { push: (call) => run(api, call) },
  };
  return api;
}

/** Runs one queued call `[method, ...args]`, ignoring unknown methods. */
export function run(api: LeadquizApi, call: unknown): void {
  if (!Array.isArray(call)) return;
  const [name, a, b] = call as [unknown, unknown, unknown];
  if (name === "open" || name === "close") api[name](a as string | undefined);
  else if (name === "on" && typeof b === "function") api.on(a as EventName, b as Listener);
}
