export * from "./languages";
export { type LegalPage, type LegalText, type LegalTexts, legalTexts } from "./legal";
export { type Dictionary, type Namespace, namespaces, resources } from "./resources";
export { translate } from "./translate";
