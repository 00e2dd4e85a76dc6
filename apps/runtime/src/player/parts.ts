import type { Step } from "@leadquiz/engine";
import { type LazyPart, lazyPart } from "../lazy-part";

/**
 * The screens that are not the start screen, each a chunk of its own (docs/adr/0007): the
 * entry holds the player, the engine and the start screen; a question, the contact form,
 * the results and the thank-you screen are loaded when first needed and fetched ahead in
 * idle time. The server renderer and the unit tests provide them (`provideAllParts`).
 */
export const parts = {
  question: lazyPart(() => import("../questions/question-screen")),
  form: lazyPart(() => import("../screens/contact-form")),
  results: lazyPart(() => import("../screens/results-screen")),
  thank_you: lazyPart(() => import("../screens/thank-you-screen")),
};

/** The part a screen needs (none for the start screen, which is in the entry). */
export function partFor(kind: Step["kind"]): LazyPart<unknown> | null {
  return kind === "start" ? null : parts[kind];
}
