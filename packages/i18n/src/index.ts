export * from "./languages";
export { namespaces, resources, type Dictionary, type Namespace } from "./resources";
export { translate } from "./translate";
