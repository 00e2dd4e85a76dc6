import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

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

/**
 * `dist/` is shared with `build:embed` (embed.js, embed-ui.js) and the SSR build
 * (dist/server/): this build clears only what it writes itself (assets/, .vite/), so the
 * builds may run in any order.
 */
function cleanOwnOutput(): Plugin {
  return {
    name: "leadquiz-clean-runtime-output",
    apply: "build",
    buildStart() {
      for (const dir of ["dist/assets", "dist/.vite"]) {
        rmSync(fileURLToPath(new URL(dir, import.meta.url)), { recursive: true, force: true });
      }
    },
  };
}

export default defineConfig({
  resolve: { alias: preactAlias },
  plugins: [cleanOwnOutput()],
  build: {
    outDir: "dist",
    emptyOutDir: false,
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
