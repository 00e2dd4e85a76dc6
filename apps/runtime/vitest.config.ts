import { defineConfig } from "vitest/config";
import { preactAlias } from "./vite.config";

export default defineConfig({
  resolve: { alias: preactAlias },
  test: {
    name: "runtime",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
  },
});
