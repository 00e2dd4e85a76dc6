import { defineConfig } from "vitest/config";

/** Tests of the production build (Node, no DOM): its sizes and its pre-compressed copies. */
export default defineConfig({
  test: {
    name: "web-build",
    root: import.meta.dirname,
    environment: "node",
    include: ["build/**/*.test.ts"],
    testTimeout: 60_000,
  },
});
