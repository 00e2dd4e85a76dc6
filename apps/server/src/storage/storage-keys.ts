import { randomBytes } from "node:crypto";

/** The extensions of the types we keep (media-types.ts decides which types those are). */
export const storageExtensions = [
  "jpg",
  "png",
  "webp",
  "gif",
  "avif",
  "mp4",
  "webm",
  "mov",
  "pdf",
] as const;
export type StorageExtension = (typeof storageExtensions)[number];

const KEY_PATTERN = new RegExp(`^[0-9a-f]{2}/[0-9a-f]{32}\\.(?:${storageExtensions.join("|")})$`);

/**
 * A fresh, unguessable key: `ab/<32 hex>.<ext>` (128 random bits; the first byte again as a
 * folder so no directory grows huge). A key never changes content, so it is cached forever.
 */
export function newStorageKey(extension: StorageExtension): string {
  const id = randomBytes(16).toString("hex");
  return `${id.slice(0, 2)}/${id}.${extension}`;
}

/** True only for keys newStorageKey can produce: no `..`, no absolute path, no other name. */
export function isStorageKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}
