// The drizzle schema: one file per aggregate, listed here for the client and drizzle-kit.
export * from "./additions";
export * from "./analytics";
export * from "./api-keys";
export * from "./form-fields";
export * from "./integrations";
export * from "./leads";
export * from "./media";
export * from "./profiles";
export * from "./projects";
export * from "./publications";
export * from "./questions";
export * from "./quiz-configs";
export * from "./quizzes";
export * from "./results";
export * from "./support";
export * from "./tariffs";
export * from "./users";
