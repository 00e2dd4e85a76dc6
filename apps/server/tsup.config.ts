import { defineConfig } from "tsup";

// Bundles the server with the workspace packages (which export TypeScript source);
// npm dependencies stay external and load from node_modules.
export default defineConfig({
  entry: ["src/main.ts", "src/migrate.ts", "src/worker.ts"],
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  noExternal: [/^@leadquiz\//],
});
