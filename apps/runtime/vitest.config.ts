import { defineConfig } from "vitest/config";
import { modernPhoneLibrary, preactAlias } from "./vite.config";

export default defineConfig({
  resolve: { alias: preactAlias },
  plugins: [modernPhoneLibrary()],
  test: {
    name: "runtime",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    // Through vite's resolver, so libphonenumber-js is read from es6-modern/ as it ships.
    server: { deps: { inline: ["libphonenumber-js"] } },
    // Generous limits (time only bounds waiting for what must happen, never decides a test):
    // on a loaded machine one rendered quiz flow can take seconds.
    testTimeout: 30_000,
  },
});
