import type { Step } from "@leadquiz/engine";
import { type LazyPart, lazyPart } from "../lazy-part";

export type Screens = typeof import("./screens");

/**
 * The screens that are not the start screen, with the lead queue: one chunk
 * (docs/adr/0007). The entry holds the player, the engine and the start screen; this part
 * is fetched ahead in idle time and waited for only when a screen needs it first. The
 * server renderer and the unit tests provide it (`provideAllParts`).
 */
export const screensPart: LazyPart<Screens> = lazyPart(() => import("./screens"));

/** The part a screen needs (none for the start screen, which is in the entry). */
export function partFor(kind: Step["kind"]): LazyPart<Screens> | null {
  return kind === "start" ? null : screensPart;
}
