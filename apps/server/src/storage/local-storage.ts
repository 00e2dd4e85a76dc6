import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { isStorageKey } from "./storage-keys";
import type { Storage } from "./storage-types";

/** The folder of local uploads: `DATA_DIR/uploads`. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

/**
 * Files under `DATA_DIR/uploads/<key>`. Keys are checked against the key pattern before any
 * path is built, so no request can reach outside the folder.
 */
export function createLocalStorage(dataDir: string): Storage {
  const root = uploadsDir(dataDir);
  const fileOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return path.join(root, key);
  };
  return {
    kind: "local",
    async putFile(key, sourcePath) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(sourcePath, target);
      } catch (error) {
        // Another file system (DATA_DIR/tmp on a different mount): stream it over.
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        await pipeline(createReadStream(sourcePath), createWriteStream(target));
        await rm(sourcePath, { force: true });
      }
    },
    async open(key, range) {
      if (!isStorageKey(key)) return undefined;
      const file = fileOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return undefined;
        return {
          body: createReadStream(file, range ? { start: range.start, end: range.end } : {}),
          size: info.size,
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async copyToFile(key, destinationPath) {
      await copyFile(fileOf(key), destinationPath);
    },
    async remove(key) {
      if (!isStorageKey(key)) return;
      await rm(fileOf(key), { force: true });
    },
    async *list() {
      for (const folder of await namesIn(root)) {
        for (const name of await namesIn(path.join(root, folder))) {
          const key = `${folder}/${name}`;
          if (!isStorageKey(key)) continue;
          const info = await stat(fileOf(key)).catch(() => undefined);
          if (info?.isFile()) yield { key, modifiedAt: info.mtime };
        }
      }
    },
  };
}

/** The names in a folder, sorted; none when it does not exist (nothing uploaded yet). */
async function namesIn(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return [];
    throw error;
  }
}
