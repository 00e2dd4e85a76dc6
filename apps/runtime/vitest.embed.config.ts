import { defineConfig } from "vitest/config";

/** Tests of the `/embed.js` loader and its UI (jsdom). */
export default defineConfig({
  test: {
    name: "embed",
    root: import.meta.dirname,
    environment: "jsdom",
    include: ["src/embed/**/*.test.ts"],
  },
});
