import { defineConfig } from "vitest/config";
import { preactAlias } from "./vite.config";

export default defineConfig({
  resolve: { alias: preactAlias },
  test: {
    name: "runtime",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    // Generous limits (time only bounds waiting for what must happen, never decides a test):
    // on a loaded machine one rendered quiz flow can take seconds.
    testTimeout: 30_000,
  },
});
