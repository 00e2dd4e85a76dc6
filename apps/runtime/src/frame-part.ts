import type { LazyPart } from "./lazy-part";
import { lazyPart } from "./lazy-part";

export type FrameModule = typeof import("./frame");

/**
 * The embed protocol (frame.ts, docs/embed.md) is a part of its own: only a quiz in the
 * loader's iframe loads it (the embed page preloads it), a hosted page never does
 * (docs/adr/0011). Retried like every part until it comes.
 */
export const framePart: LazyPart<FrameModule> = lazyPart(() => import("./frame"));

/** Whether the quiz runs in the loader's iframe (`?embed=1`, not the top window). */
export function inEmbedFrame(w: Window = window): boolean {
  return new URLSearchParams(w.location.search).get("embed") === "1" && w.parent !== w;
}
