import type { LeadResponse, PublicQuiz } from "@leadquiz/contract";
import type { QuizEvent } from "./events";
import { type PageContext, readPageContext } from "./page-context";

/**
 * The quiz's side of the embed protocol (docs/embed.md) when it runs in the loader's
 * iframe (`/q/{key}?embed=1&mode=…&utm_…&referrer=…&page_url=…`): `ready` on mount,
 * `resize` when the content height changes, `step` on each screen, `lead` once the server
 * has the lead, `close` on Escape in the dialog modes; `context` from the host page is
 * taken from `window.parent` only, and only in the expected shape.
 */

/** Modes whose frame sits in a dialog or panel the quiz may ask to close. */
const CLOSABLE = new Set(["popup", "banner", "trigger", "chat"]);
const URL_MAX = 2048;

export interface EmbedFrame {
  mode: string;
  /** The origin messages go to: that of `page_url`, or "*" when unknown. */
  hostOrigin: string;
  /** The host page's context from the frame's address. */
  context: PageContext;
  post(message: Record<string, unknown>): void;
}

function queryOf(href: string): URLSearchParams {
  try {
    return new URL(href).searchParams;
  } catch {
    return new URLSearchParams();
  }
}

function httpUrl(value: unknown): string | null {
  if (typeof value !== "string" || value.length > URL_MAX) return null;
  if (value === "") return "";
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? value : null;
  } catch {
    return null;
  }
}

/** The embed frame, or null when the quiz is not in the loader's iframe. */
export function embedFrame(
  quiz: Pick<PublicQuiz, "hidden_fields">,
  w: Window = window,
): EmbedFrame | null {
  const params = queryOf(w.location.href);
  if (params.get("embed") !== "1" || w.parent === w) return null;
  const pageUrl = httpUrl(params.get("page_url") ?? "") ?? "";
  const referrer = httpUrl(params.get("referrer") ?? "") ?? "";
  let hostOrigin = "*";
  try {
    const origin = new URL(pageUrl).origin;
    if (origin !== "null") hostOrigin = origin;
  } catch {
    // no page_url: "*" (the messages carry nothing secret)
  }
  const context = readPageContext(quiz, pageUrl, referrer);
  // The loader copies the host's utm_* into the frame's address too.
  const own = readPageContext({ hidden_fields: [] }, w.location.href, "").utm;
  for (const [name, value] of Object.entries(own)) context.utm[name] = context.utm[name] ?? value;
  return {
    mode: params.get("mode") ?? "inline",
    hostOrigin,
    context,
    post(message) {
      try {
        w.parent.postMessage({ source: "leadquiz", ...message }, hostOrigin);
      } catch {
        // a detached parent
      }
    },
  };
}

/**
 * A `context` message as the host page sends it, checked field by field; null for anything
 * else. Hidden fields are read from the query of its `page_url`.
 */
export function parseContextMessage(
  data: unknown,
  quiz: Pick<PublicQuiz, "hidden_fields">,
): PageContext | null {
  if (typeof data !== "object" || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.source !== "leadquiz" || message.type !== "context") return null;
  const pageUrl = httpUrl(message.page_url ?? "");
  const referrer = httpUrl(message.referrer ?? "");
  if (pageUrl === null || referrer === null) return null;
  const context = readPageContext(quiz, pageUrl, referrer);
  const utm = message.utm;
  if (utm !== undefined) {
    if (typeof utm !== "object" || utm === null || Array.isArray(utm)) return null;
    for (const [name, value] of Object.entries(utm as Record<string, unknown>)) {
      if (/^utm_[a-z_]{1,40}$/.test(name) && typeof value === "string") {
        context.utm[name] = value.slice(0, 255);
      }
    }
  }
  return context;
}

export interface FrameBridge {
  /** Forwards the player's events (`step`). */
  onEvent(event: QuizEvent): void;
  /** The server acknowledged a lead. */
  onLead(response: LeadResponse | null): void;
  /** The quiz is on screen: `ready`, then `resize` whenever its height changes. */
  ready(element: Element): void;
  stop(): void;
}

/** Wires a mounted quiz to the host page through `frame`. */
export function frameBridge(
  frame: EmbedFrame,
  quiz: Pick<PublicQuiz, "public_key" | "hidden_fields">,
  setContext: (context: PageContext) => void,
  w: Window = window,
): FrameBridge {
  const onMessage = (event: MessageEvent) => {
    if (event.source !== w.parent) return;
    const context = parseContextMessage(event.data, quiz);
    if (context) setContext(context);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape" && !event.defaultPrevented) frame.post({ type: "close" });
  };
  w.addEventListener("message", onMessage);
  if (CLOSABLE.has(frame.mode)) w.document.addEventListener("keydown", onKey);
  let observer: ResizeObserver | null = null;
  return {
    onEvent(event) {
      if (event.type === "step") frame.post({ type: "step", step: event.step });
    },
    onLead(response) {
      if (response) frame.post({ type: "lead", lead: response.lead, public_key: quiz.public_key });
    },
    ready(element) {
      frame.post({ type: "ready" });
      let last = -1;
      const report = () => {
        const height = Math.ceil(element.getBoundingClientRect().bottom + w.scrollY);
        if (height > 0 && height !== last) {
          last = height;
          frame.post({ type: "resize", height });
        }
      };
      report();
      if (typeof ResizeObserver === "function") {
        observer = new ResizeObserver(report);
        observer.observe(element);
      }
    },
    stop() {
      w.removeEventListener("message", onMessage);
      w.document.removeEventListener("keydown", onKey);
      observer?.disconnect();
    },
  };
}
