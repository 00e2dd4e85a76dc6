import { build, defineConfig, type UserConfig } from "vite";

/**
 * Builds `/embed.js` (the dependency-free loader) and `/embed-ui.js` (the display modes'
 * UI, loaded by the loader on demand), each one IIFE file in `dist/`. Never empties
 * `dist/` (the runtime's own build writes there too).
 */
const part = (entry: string, fileName: string): UserConfig => ({
  publicDir: false,
  logLevel: "warn",
  build: {
    outDir: "dist",
    emptyOutDir: false,
    target: "es2020",
    minify: true,
    lib: { entry, formats: ["iife"], name: "LeadquizEmbed", fileName: () => fileName },
  },
});

/** `/embed.js`, the loader. */
export const embedLoader = part("src/embed/main.ts", "embed.js");
/** `/embed-ui.js`, the display modes' UI. */
export const embedUi = part("src/embed/ui-main.ts", "embed-ui.js");

export default defineConfig({
  ...embedLoader,
  logLevel: "info",
  plugins: [
    {
      name: "leadquiz-embed-ui",
      apply: "build",
      async closeBundle() {
        await build({ configFile: false, ...embedUi, logLevel: "info" });
      },
    },
  ],
});
