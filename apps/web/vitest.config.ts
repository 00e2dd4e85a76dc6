import { defineConfig } from "vitest/config";
import { sourceAlias } from "./vite.config";

export default defineConfig({
  resolve: { alias: sourceAlias },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    // Mantine pages render slowly in jsdom on a busy 2-core machine; 5 s timed out there.
    testTimeout: 20_000,
  },
});
