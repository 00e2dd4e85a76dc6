// Lints the API's OpenAPI document with redocly's recommended rules (redocly.yaml): dumps
// the document of the app built from source (apps/server/src/openapi-dump.ts, in-memory
// database, no network), then runs `redocly lint` on it, offline (no telemetry, no update
// check). Part of `npm run lint`.
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// A fixed place: .redocly.lint-ignore.yaml names the file it excepts problems of.
const dir = path.join(root, "node_modules/.cache/leadquiz");
mkdirSync(dir, { recursive: true });
const file = path.join(dir, "openapi.json");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };

function run(command, args) {
  const { status, error } = spawnSync(command, args, { cwd: root, env, stdio: "inherit" });
  if (error) throw error;
  return status ?? 1;
}

let status = run(bin("tsx"), [path.join(root, "apps/server/src/openapi-dump.ts"), file]);
if (status === 0) {
  status = run(bin("redocly"), [
    "lint",
    file,
    "--config",
    path.join(root, "redocly.yaml"),
    "--max-problems",
    "1000",
    ...process.argv.slice(2),
  ]);
}
process.exitCode = status;
