import { randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The operator's key (docs/money.md "Operator"): generated once into
 * DATA_DIR/operator-key (0600), so only someone who can read the server's data folder —
 * the operator on that machine — can call the operator API. `npm run operator` reads it.
 */
export const OPERATOR_KEY_FILE = "operator-key";
export const OPERATOR_KEY_HEADER = "x-operator-key";

export function readOrCreateOperatorKey(dataDir: string): string {
  const file = path.join(dataDir, OPERATOR_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString("base64url")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(file, "utf8").trim();
}

/** Compares a presented key with the operator's in constant time. */
export function isOperatorKey(expected: string, presented: unknown): boolean {
  if (typeof presented !== "string" || presented.length === 0) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}
