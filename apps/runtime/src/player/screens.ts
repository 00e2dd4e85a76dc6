/**
 * The later screens' chunk (docs/adr/0007, 0011): a question, the contact form, the results,
 * the thank-you screen, the lead queue and sending, and the flow (the player's reducer), loaded as one module through `screensPart`
 * (parts.ts). One module rather than one dynamic import each: they are one chunk anyway,
 * and each dynamically imported module costs the entry a loader and the chunk a namespace.
 */

// The flow: the engine's steps, results and formulas, and the player's reducer.
export { shownResults } from "@leadquiz/engine";
export { leadSender } from "../lead-sender";
export { partialLeadBody } from "../partial-lead-body";
export { QuestionScreen } from "../questions/question-screen";
export { ContactForm } from "../screens/contact-form";
export { ResultsScreen } from "../screens/results-screen";
export { ThankYouScreen } from "../screens/thank-you-screen";
export { createSubmissionQueue } from "../submission-queue";
export { canGoBack, initialPlayerState, leadResults, playerReducer } from "./player-state";
export { sendLead } from "./send-lead";
