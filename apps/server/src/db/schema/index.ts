// The drizzle schema: one file per aggregate, listed here for the client and drizzle-kit.
export * from "./users";
