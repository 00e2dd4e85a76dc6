import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder of this package (apps/server), found from this module's location so the same
 * code works from src/ (tsx, vitest) and from the bundle in dist/.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string };
      if (name === "@leadquiz/server") return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("cannot find the @leadquiz/server package folder");
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
export const migrationsFolder = path.join(serverRoot, "drizzle");
export const defaultWebDistDir = path.resolve(serverRoot, "../web/dist");
