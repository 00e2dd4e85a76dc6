import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "./app";
import { loadConfig } from "./config";

/**
 * The OpenAPI document of the app as built from source: an in-memory database, throwaway
 * secrets, no network. `webDistDir` names a built owner app to serve beside the API (none by
 * default, as `npm run lint:openapi` builds it); the document is the same either way.
 */
export async function openApiDocumentOfSource(webDistDir?: string): Promise<unknown> {
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
      WEB_DIST_DIR: webDistDir ?? path.join(dataDir, "no-web-build"),
    });
    const app = await buildApp(config);
    try {
      await app.ready();
      return app.swagger();
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
