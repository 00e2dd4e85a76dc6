import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "./app";
import { loadConfig } from "./config";

/**
 * Writes the OpenAPI document of the app as built from source to the file named by the
 * first argument (or stdout): an in-memory database, throwaway secrets, no network.
 * `npm run lint:openapi` (scripts/openapi-lint.mjs) lints what it writes.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "leadquiz-openapi-"));
try {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: "memory://openapi",
    LOG_LEVEL: "silent",
    JWT_SECRET: randomBytes(32).toString("hex"),
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    PUBLIC_URL: "http://localhost:3000",
    WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
  });
  const app = await buildApp(config);
  await app.ready();
  const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  await app.close();
  const target = process.argv[2];
  if (target) writeFileSync(target, document);
  else process.stdout.write(document);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
