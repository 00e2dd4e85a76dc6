export * from "./auth";
export * from "./errors";
export * from "./fields";
export * from "./paths";
