import { createHash, randomBytes } from "node:crypto";
import {
  API_KEY_PREFIX,
  API_KEYS_PER_ACCOUNT,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
  RECENT_SIGN_IN_SECONDS,
} from "@leadquiz/contract";
import type { Database } from "../../db/client";
import { AppError, FieldErrors } from "../../lib/app-error";
import { findUserById, verifyPassword } from "../accounts";
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

/** Who asks for a key: the account and when its session last really signed in. */
export interface KeyRequester {
  userId: number;
  /** The access token's `auth_time` (seconds since the epoch; 0 when unknown). */
  authTime: number;
}

/**
 * Account API keys (docs/delivery.md "REST hooks"): made, listed and revoked by the owner
 * (signed in with the access token); the key is answered once and only its hash is kept.
 */
export function createApiKeysService(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * A key outlives the session that made it, so a stolen access token alone must not make
   * one (docs/security.md): the session must have signed in within RECENT_SIGN_IN_SECONDS,
   * or the current password must come with the request. A password given is always checked.
   * An account without a password (social sign-in only) can only sign in again.
   */
  async function confirmIdentity(requester: KeyRequester, password: string | undefined) {
    const age = now().getTime() / 1000 - requester.authTime;
    const recent = requester.authTime > 0 && age <= RECENT_SIGN_IN_SECONDS;
    if (recent && password === undefined) return;
    const user = await findUserById(db, requester.userId);
    if (!user) throw new AppError("token_not_valid");
    if (user.passwordHash === null) {
      if (recent) return;
      throw new FieldErrors({ non_field_errors: ["errors:recent_sign_in_required"] });
    }
    if (password === undefined) {
      throw new FieldErrors({ password: ["errors:current_password_required"] });
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new FieldErrors({ password: ["errors:password_wrong"] });
    }
  }

  return {
    async create(requester: KeyRequester, body: ApiKeyCreate): Promise<ApiKeyCreated> {
      const { userId } = requester;
      await confirmIdentity(requester, body.password);
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
