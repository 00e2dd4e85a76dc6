import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

/**
 * The visitor bundle: React's API on preact (docs/adr/0007). `react` and `react-dom`
 * resolve to src/react-on-preact.ts (preact and its hooks, no compat) and the JSX runtime
 * to preact's, here, in the SSR build and in the tests (vitest.config.ts), so the tests
 * run what ships.
 */
const reactOnPreact = fileURLToPath(new URL("src/react-on-preact.ts", import.meta.url));
export const preactAlias = [
  { find: /^react-dom(\/.*)?$/, replacement: reactOnPreact },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
  { find: /^react$/, replacement: reactOnPreact },
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

/**
 * Vite wraps every dynamic import in its preload helper (`__vitePreload`), which fetches the
 * chunk's dependencies and CSS ahead and fires `vite:preloadError`. Here it has nothing to
 * do: `modulePreload` is off, the CSS is one file, the player fetches ahead itself and
 * retries (src/lazy-part.ts). The helper still cost about 1 KB gzipped in the entry, so it
 * is replaced by a plain call of the import.
 */
function plainDynamicImports(): Plugin {
  const helperId = "\0vite/preload-helper.js";
  return {
    name: "leadquiz-plain-dynamic-imports",
    apply: "build",
    enforce: "pre",
    load(id) {
      if (id === helperId) return "export const __vitePreload = (load) => load();";
    },
  };
}

/**
 * The phone metadata zones (src/phone-metadata/zone-*.json, one chunk each) share one hash
 * in their file names, that of all of them: the phone chunk names every zone, and a name
 * repeated but for the zone's key compresses to a few bytes where 67 different hashes
 * cost about 0.5 KB gzipped. The files change together anyway (a libphonenumber-js upgrade).
 */
const zonesDir = fileURLToPath(new URL("src/phone-metadata", import.meta.url));
const zonesHash = createHash("sha256")
  .update(
    readdirSync(zonesDir)
      .filter((file) => file.endsWith(".json"))
      .sort()
      .map((file) => `${file}\n${readFileSync(path.join(zonesDir, file), "utf8")}`)
      .join("\n"),
  )
  .digest("base64url")
  .slice(0, 8);

export default defineConfig({
  resolve: { alias: preactAlias },
  plugins: [cleanOwnOutput(), plainDynamicImports()],
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
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.startsWith(zonesDir)
            ? `assets/[name]-${zonesHash}.js`
            : "assets/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
        // Everything the first screen needs is one file (one request, one gzip context). The
        // later screens are one more, the chunk of src/player/screens.ts (docs/adr/0007).
        codeSplitting: {
          groups: [{ name: "runtime", tags: ["$initial"], priority: 2 }],
        },
      },
    },
  },
});
