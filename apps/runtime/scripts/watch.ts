// The visitor runtime's dev mode (`npm run dev -w @leadquiz/runtime`, part of the root
// `npm run dev`): builds into dist/ what `npm start` builds (the browser bundle, the server
// renderer dist/server/, /embed.js and /embed-ui.js), then rebuilds each part when its
// sources change, the shared packages included. The server picks a new build up on the
// next request (apps/server public-pages/runtime-assets.ts): reload the page to see it.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type InlineConfig } from "vite";
import { embedLoader, embedUi } from "../vite.embed.config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function watching(config: InlineConfig): InlineConfig {
  return { ...config, root, logLevel: "info", build: { ...config.build, watch: {} } };
}

await Promise.all([
  build(watching({ configFile: path.join(root, "vite.config.ts") })),
  build(watching({ configFile: path.join(root, "vite.ssr.config.ts") })),
  build(watching({ configFile: false, ...embedLoader })),
  build(watching({ configFile: false, ...embedUi })),
]);
