export * from "./languages";
export { type LegalPage, type LegalText, type LegalTexts, legalTexts } from "./legal";
export { type ProfilePageTexts, profilePageTexts } from "./profile-page";
export { type Dictionary, type Namespace, namespaces, resources } from "./resources";
export { tariffName } from "./tariff-names";
export { translate } from "./translate";
