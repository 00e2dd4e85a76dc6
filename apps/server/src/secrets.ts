import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AppConfig } from "./config";

export interface AppSecrets {
  jwtSecret: string;
  encryptionKey: string;
}

interface StoredSecrets {
  jwtSecret: string;
  encryptionKey: string;
}

/**
 * JWT_SECRET and ENCRYPTION_KEY from the environment, else generated once into
 * DATA_DIR/secrets.json (0600). Creating the file with the exclusive flag makes several
 * processes starting at once agree on one set of secrets.
 */
export function resolveSecrets(config: AppConfig): AppSecrets {
  if (config.jwtSecret && config.encryptionKey) {
    return { jwtSecret: config.jwtSecret, encryptionKey: config.encryptionKey };
  }
  const file = path.join(config.dataDir, "secrets.json");
  const stored = readOrCreate(file);
  return {
    jwtSecret: config.jwtSecret ?? stored.jwtSecret,
    encryptionKey: config.encryptionKey ?? stored.encryptionKey,
  };
}

function readOrCreate(file: string): StoredSecrets {
  mkdirSync(path.dirname(file), { recursive: true });
  const fresh: StoredSecrets = {
    jwtSecret: randomBytes(48).toString("base64url"),
    encryptionKey: randomBytes(32).toString("base64url"),
  };
  try {
    writeFileSync(file, JSON.stringify(fresh, null, 2), { flag: "wx", mode: 0o600 });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return JSON.parse(readFileSync(file, "utf8")) as StoredSecrets;
  }
}
