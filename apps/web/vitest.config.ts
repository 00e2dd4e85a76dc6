import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // `@/…` is `src/…`, as in vite.config.ts.
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    // One jsdom window and one module graph per worker, not per file: Mantine, React and the
    // router are imported once per worker. The web project then takes 70 s of CPU instead of
    // 205 s; src/test/setup.ts gives each file a new tab's storage, cookies and timers.
    isolate: false,
    // Mantine pages render slowly in jsdom on a busy 2-core machine; 5 s timed out there.
    testTimeout: 20_000,
  },
});
