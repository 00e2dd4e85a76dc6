/**
 * The publication module's public face: the live snapshot of a quiz for visitors, storing
 * a new snapshot version, showing or hiding it, and the tariff hook of publishing.
 */
export {
  createPublicationService,
  findPublication,
  listPublications,
  neverPublished,
  nextVersion,
  type PublicationService,
  publicationEtag,
  showSnapshot,
  storeSnapshot,
} from "./publication.service";
export { assertTariffAllowsPublishing } from "./tariff-gate";
export { visitorSnapshot } from "./visitor-snapshot";
