import { rmSync } from "node:fs";
import path from "node:path";
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
  let outDir = fileURLToPath(new URL("dist", import.meta.url));
  return {
    name: "leadquiz-clean-runtime-output",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildStart() {
      for (const dir of ["assets", ".vite"]) {
        rmSync(path.join(outDir, dir), { recursive: true, force: true });
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
    // The lazy chunks are fetched by the player itself (src/lazy-part.ts), ahead of need.
    modulePreload: false,
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
        // Everything the first screen needs is one file (one request, one gzip context), and
        // the later screens are one more (docs/adr/0007): small chunks compress badly.
        codeSplitting: {
          groups: [
            { name: "runtime", tags: ["$initial"], priority: 2 },
            {
              name: "screens",
              test: /src\/(questions\/|screens\/(?!start)|submission-queue)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
