import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { eagerCompileHints } from "./build/compile-hints";
import { endpointDocsStripped } from "./build/endpoint-docs-stripped";
import { precompressBuild } from "./build/precompress";
import { routePages } from "./build/route-pages";
import { stylesheetsAfterShell } from "./build/stylesheets-after-shell";

/** `@/…` is `src/…`: imports name the app's own folders, not a count of `../`. */
const sourceAlias = { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) };

/**
 * React Router's production build for the app's build. Its package exports name only the
 * development build (dist/development, with its warnings and checks) for every condition
 * (remix-run/react-router#14102); the production build is in the package beside it.
 */
const routerProductionBuild = {
  find: /^react-router$/,
  replacement: path.join(
    path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
    "dist/production/index.mjs",
  ),
};

/** Mantine's components and the libraries they alone use (one chunk, see `codeSplitting`). */
const mantineScripts =
  /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib|clsx|react-textarea-autosize|react-number-format|use-composed-ref|use-isomorphic-layout-effect|use-latest)[\\/]/;

/** The dev API server (apps/server `npm run dev`); production serves both from one origin. */
const DEV_API_TARGET = process.env.LEADQUIZ_DEV_API ?? "http://127.0.0.1:3001";

/**
 * What the dev server forwards to the API server, so the owner app's origin answers here as
 * it does in production: the API, the editor's preview `/q/-/preview` and the runtime's
 * assets it loads, the embed loader's copy for old snippets, uploaded files. Old visitor
 * links (`/q/{key}`, `/l/…`) come back as the server's redirects to the visitor origin,
 * which `npm run dev` puts on the API server itself, http://127.0.0.1:3001
 * (docs/adr/0016-visitor-origin.md, CONTRIBUTING.md).
 */
const toServer = { target: DEV_API_TARGET, changeOrigin: false };
const serverPaths = {
  "/api": toServer,
  "^/(q|l)/": toServer,
  "^/runtime/assets/": toServer,
  "^/embed(-ui)?\\.js": toServer,
  // Uploaded files (the editor shows them as the owner uploads).
  "^/media/": toServer,
};

/** The quiz editor's first screen: its frame, the questions tab (the default) and the read-ahead. */
const editorFirstScreen = [
  "src/app/layouts/quiz-editor-layout.tsx",
  "src/features/quiz-editor/questions/questions-page.tsx",
  "src/features/quiz-editor/read-ahead.ts",
];
/** Mantine's provider: the entry imports it dynamically, every page loads it at once. */
const everyPageModules = ["src/app/mantine-layer.tsx"];

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    endpointDocsStripped(),
    stylesheetsAfterShell(),
    // The quiz editor opened by its address (a link, a reload): its frame, the questions tab
    // (the default) and the read-ahead start with the entry (docs/speed.md "Owner app
    // delivery").
    routePages([{ prefix: "quiz", modules: editorFirstScreen }], everyPageModules),
    // The scripts the first screens run (the entry's, Mantine's provider, the editor's first
    // screen), compiled whole while they stream in (V8's compile hint), not function by
    // function on the main thread as they are first called (docs/speed.md "Owner app
    // delivery").
    eagerCompileHints([...everyPageModules, ...editorFirstScreen]),
    precompressBuild(),
  ],
  resolve: {
    alias: command === "build" ? [sourceAlias, routerProductionBuild] : [sourceAlias],
  },
  server: { port: 5173, strictPort: true, proxy: serverPaths },
  preview: { port: 4173, proxy: serverPaths },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: what loads first and what each route adds (`npm run bench`).
    manifest: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // The contract and the engine are schemas, constants and functions: a module of theirs
      // that nothing uses can go, so the entry does not carry both packages whole
      // (docs/speed.md "Owner app delivery").
      treeshake: {
        moduleSideEffects: (id) =>
          /packages[\\/](contract|engine)[\\/]src[\\/]/.test(id) ? false : undefined,
      },
      onwarn(warning, warn) {
        // zod's sources carry /* @__PURE__ */ notes where Rollup cannot use them: harmless.
        if (warning.code === "INVALID_ANNOTATION") return;
        warn(warning);
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        // Mantine is one chunk (below); the app's own code stays with the pages that use it.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 30,
            },
            { name: "i18n", test: /i18next/, priority: 30 },
            { name: "query", test: /@tanstack/, priority: 30 },
            { name: "zod", test: /[\\/]zod[\\/]/, priority: 30 },
            // Mantine's components and what they use, one chunk: the editor's first screen
            // asked for ~60 files of them (docs/speed.md "Owner app delivery"). The app's
            // first script uses none of Mantine, so the chunk is not part of it.
            {
              name: "mantine",
              // Scripts only: Mantine's stylesheet stays the page's own (index.html).
              test: (id) => mantineScripts.test(id) && !id.endsWith(".css"),
              priority: 25,
            },
            // One dictionary chunk a language (all its namespaces, ~20 KB gzipped): the app
            // waits for the interface language and its fallbacks, which were 16 requests
            // each.
            {
              name: (id) => {
                const language = /locales[\\/](\w+)[\\/]\w+\.json$/.exec(id)?.[1];
                return language ? `dict-${language}` : null;
              },
              test: /packages[\\/]i18n[\\/]src[\\/]locales[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
}));
