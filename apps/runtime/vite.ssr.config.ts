import { defineConfig } from "vite";
import { preactAlias } from "./vite.config";

/**
 * The server-side renderer for `/q/{key}` and the landings: `src/server.tsx` bundled for
 * Node with preact in place of React (the same alias as the browser bundle), so
 * the server renders exactly what the browser hydrates. Written to `dist/server/server.js`
 * and loaded by the server at run time (apps/server modules/public-pages). Run it after
 * the runtime's own build (which empties `dist/`).
 */
export default defineConfig({
  resolve: { alias: preactAlias },
  publicDir: false,
  logLevel: "warn",
  ssr: { noExternal: true, target: "node" },
  build: {
    ssr: "src/server.tsx",
    outDir: "dist/server",
    emptyOutDir: true,
    target: "node20",
    minify: false,
    sourcemap: false,
    rollupOptions: { output: { format: "es", entryFileNames: "server.js" } },
  },
});
