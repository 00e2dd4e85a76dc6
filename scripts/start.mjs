// `npm start`: builds what is not built (or is older than its sources), then runs the
// server in this process: API, web app and static assets on one port (PORT, default 3000).
// `node scripts/start.mjs --build-only` (`npm run build:stale`) builds what is stale and exits.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const at = (...parts) => path.join(root, ...parts);

/** Newest modification time of the files below the given folders (0 when none exist). */
function newestMtime(folders) {
  let newest = 0;
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    if (statSync(dir).isFile()) {
      newest = Math.max(newest, statSync(dir).mtimeMs);
      return;
    }
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === "dist") continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const folder of folders) walk(folder);
  return newest;
}

function isStale(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < newestMtime(sources);
}

function run(description, args) {
  process.stdout.write(`Leadquiz: ${description}…\n`);
  const result = spawnSync("npm", args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    process.stderr.write(`Leadquiz: ${description} failed.\n`);
    process.exit(result.status ?? 1);
  }
}

const packages = ["contract", "engine", "i18n"].map((p) => at("packages", p, "src"));
// The build config and its plugins too: they decide what is written (the .br/.gz copies).
const webSources = [
  at("apps/web/src"),
  at("apps/web/index.html"),
  at("apps/web/vite.config.ts"),
  at("apps/web/build"),
  ...packages,
];
const serverSources = [at("apps/server/src"), ...packages];

if (isStale(at("apps/web/dist/index.html"), webSources)) {
  run("building the web app", ["run", "build", "-w", "@leadquiz/web"]);
}
// The visitor runtime (/q/…, /l/…, /embed.js): its own build empties dist/ (browser
// bundle, then the server renderer dist/server/), so the embed build always follows it.
const runtimeSources = [
  at("apps/runtime/src"),
  at("apps/runtime/vite.config.ts"),
  at("apps/runtime/vite.ssr.config.ts"),
  at("apps/runtime/vite.embed.config.ts"),
  ...packages,
];
const runtimeOutputs = [
  "apps/runtime/dist/.vite/manifest.json",
  "apps/runtime/dist/server/server.js",
  "apps/runtime/dist/embed.js",
  "apps/runtime/dist/embed-ui.js",
];
if (runtimeOutputs.some((output) => isStale(at(output), runtimeSources))) {
  run("building the visitor runtime", ["run", "build", "-w", "@leadquiz/runtime"]);
  run("building the embed loader", ["run", "build:embed", "-w", "@leadquiz/runtime"]);
}
if (isStale(at("apps/server/dist/main.js"), serverSources)) {
  run("building the server", ["run", "build", "-w", "@leadquiz/server"]);
}

if (process.argv.includes("--build-only")) process.exit(0);

process.env.NODE_ENV ??= "production";
await import(pathToFileURL(at("apps/server/dist/main.js")).href);
