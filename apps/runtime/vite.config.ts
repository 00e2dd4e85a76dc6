import { defineConfig } from "vite";

/**
 * The visitor bundle: React's API on preact/compat (docs/adr/0007). `react` and
 * `react-dom` (and `react/jsx-runtime` through the prefix) resolve to preact/compat here
 * and in the tests (vitest.config.ts), so the tests run what ships.
 */
export const preactAlias = [
  { find: /^react-dom(\/.*)?$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
];

export default defineConfig({
  resolve: { alias: preactAlias },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    target: "es2020",
    cssCodeSplit: false,
    lib: false,
    rollupOptions: {
      // Entry files of the visitor bundle; the server reads dist/.vite/manifest.json.
      input: { runtime: "src/browser.ts" },
      output: {
        entryFileNames: "assets/[name]-[hash].js",
        chunkFileNames: "assets/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
      },
    },
  },
});
