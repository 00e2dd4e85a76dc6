// `npm run worker`: builds the server if it is not built (or is older than its sources), then
// works every background job (docs/ARCHITECTURE.md "Background work") in this process. Run
// web processes with JOBS_IN_PROCESS=false and as many workers as needed, all on the same DATABASE_URL.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const at = (...parts) => path.join(root, ...parts);

function newestMtime(folders) {
  let newest = 0;
  const walk = (dir) => {
    if (!existsSync(dir)) return;
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

const output = at("apps/server/dist/worker.js");
const sources = [
  at("apps/server/src"),
  ...["contract", "engine", "i18n"].map((p) => at("packages", p, "src")),
];
if (!existsSync(output) || statSync(output).mtimeMs < newestMtime(sources)) {
  process.stdout.write("Leadquiz: building the server…\n");
  const result = spawnSync("npm", ["run", "build", "-w", "@leadquiz/server"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    process.stderr.write("Leadquiz: building the server failed.\n");
    process.exit(result.status ?? 1);
  }
}

process.env.NODE_ENV ??= "production";
await import(pathToFileURL(output).href);
