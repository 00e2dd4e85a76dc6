import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    // Mantine pages render slowly in jsdom on a busy 2-core machine; 5 s timed out there.
    testTimeout: 20_000,
  },
});
