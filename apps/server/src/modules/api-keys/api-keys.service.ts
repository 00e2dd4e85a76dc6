import { createHash, randomBytes } from "node:crypto";
import {
  API_KEY_PREFIX,
  API_KEYS_PER_ACCOUNT,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
} from "@leadquiz/contract";
import type { Database } from "../../db/client";
import { AppError, FieldErrors } from "../../lib/app-error";
import {
  type ApiKeyRow,
  countApiKeys,
  deleteApiKey,
  insertApiKey,
  listApiKeys,
  lockAccount,
  useApiKey,
} from "./api-keys.repository";

/** Characters of the key kept in clear to tell keys apart (`lq_` and 8 more). */
const PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

/**
 * SHA-256 of a key, hex. The key is 32 random bytes, so nobody can guess it from the hash
 * and a slow password hash would only slow every hook call down (docs/security.md).
 */
export function apiKeyHash(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

function answerOf(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Account API keys (docs/delivery.md "REST hooks"): made, listed and revoked by the owner
 * (signed in with the access token); the key is answered once and only its hash is kept.
 */
export function createApiKeysService(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async create(userId: number, body: ApiKeyCreate): Promise<ApiKeyCreated> {
      return db.transaction(async (tx) => {
        await lockAccount(tx, userId);
        if ((await countApiKeys(tx, userId)) >= API_KEYS_PER_ACCOUNT) {
          throw new FieldErrors({ non_field_errors: ["api_key_limit"] });
        }
        const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
        const row = await insertApiKey(tx, {
          userId,
          name: body.name,
          prefix: key.slice(0, PREFIX_LENGTH),
          keyHash: apiKeyHash(key),
        });
        return { ...answerOf(row), key };
      });
    },

    async list(userId: number): Promise<ApiKey[]> {
      return (await listApiKeys(db, userId)).map(answerOf);
    },

    async revoke(userId: number, id: number): Promise<void> {
      const found = await db.transaction((tx) => deleteApiKey(tx, userId, id));
      if (!found) throw new AppError("not_found");
    },

    /** The account and key of a presented key, marking it used; undefined when unknown. */
    async authenticate(key: string) {
      if (!key.startsWith(API_KEY_PREFIX)) return undefined;
      return useApiKey(db, apiKeyHash(key), now());
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
