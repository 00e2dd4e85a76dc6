/**
 * The numeric codes of the API, defined once in the engine (which the contract depends on,
 * so the engine cannot import the contract) and re-exported here. No zod: the visitor
 * runtime imports `@leadquiz/contract/codes` without the schemas. See docs/codes.md.
 */
export * from "@leadquiz/engine/codes";
