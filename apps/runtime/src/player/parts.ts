import type { PublicQuiz } from "@leadquiz/contract";
import { type LazyPart, lazyPart } from "../lazy-part";

export type Screens = typeof import("./screens");

/**
 * The screens that are not the start screen, with the lead queue: one chunk
 * (docs/adr/0007). The entry holds the player, the engine and the start screen; this part
 * is fetched ahead in idle time and waited for only when a screen needs it first. The
 * server renderer and the unit tests provide it (`provideAllParts`).
 */
export const screensPart: LazyPart<Screens> = lazyPart(() => import("./screens"));

/**
 * The part the first screen needs: none for the start page (in the entry, and always the
 * first screen of a quiz that has one), else this one (the screen and the flow).
 */
export function partForFirst(quiz: Pick<PublicQuiz, "start_page">): LazyPart<Screens> | null {
  return quiz.start_page.enabled ? null : screensPart;
}

/**
 * The later screens' part where it must be there: on any screen but the start page (mount
 * and the preview wait for it, Start waits for it), and in the server renderer and tests.
 */
export function loadedScreens(): Screens {
  const screens = screensPart.loaded;
  if (!screens) throw new Error("the later screens' part is not loaded yet");
  return screens;
}
