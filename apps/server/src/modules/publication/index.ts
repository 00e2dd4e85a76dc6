/**
 * The publication module's public face: the live snapshot of a quiz for visitors, storing
 * a new snapshot version, showing or hiding it, the tariff hook of publishing, and the
 * watcher that keeps the published quiz cache correct (started by app.ts).
 */
export {
  createPublicationService,
  findPublication,
  listPublications,
  neverPublished,
  nextVersion,
  type PublicationService,
  showSnapshot,
  storeSnapshot,
} from "./publication.service";
export {
  type CachedQuiz,
  forgetPublishedQuiz,
  PUBLIC_QUIZ_CHANNEL,
  publicationEtag,
  watchPublishedQuizzes,
} from "./published-quiz-cache";
export { assertTariffAllowsPublishing } from "./tariff-gate";
export { visitorSnapshot } from "./visitor-snapshot";
