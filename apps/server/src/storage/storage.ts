import type { AppConfig } from "../config";
import { createLocalStorage } from "./local-storage";
import { createS3Storage } from "./s3-storage";
import type { Storage } from "./storage-types";

export type { ByteRange, ListedObject, Storage, StoredObject } from "./storage-types";

export function createStorage(config: Pick<AppConfig, "dataDir" | "s3">): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.dataDir);
}
