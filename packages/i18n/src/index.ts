export * from "./languages";
export { type Dictionary, type Namespace, namespaces, resources } from "./resources";
export { translate } from "./translate";
