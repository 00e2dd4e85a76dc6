import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { apiKeys, integrations } from "../../db/schema";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(
  db: DbOrTx,
  values: Pick<typeof apiKeys.$inferInsert, "userId" | "name" | "prefix" | "keyHash">,
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  if (!row) throw new Error("api key not inserted");
  return row;
}

export function listApiKeys(db: DbOrTx, userId: number): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.id));
}

export async function countApiKeys(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * Deletes the owner's key and the REST hooks subscribed with it (the platform holding the
 * key loses its leads with it); answers whether there was such a key.
 */
export async function deleteApiKey(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  if (deleted.length === 0) return false;
  await db
    .delete(integrations)
    .where(
      and(
        eq(integrations.userId, userId),
        eq(integrations.type, "hook"),
        sql`${integrations.settings}->>'api_key_id' = ${String(id)}`,
      ),
    );
  return true;
}

/**
 * Deletes every key of the account and the REST hooks subscribed with them (account
 * recovery: docs/security.md); answers the names of the keys deleted, oldest first.
 */
export async function deleteApiKeysOfUser(db: DbOrTx, userId: number): Promise<string[]> {
  const deleted = await db
    .delete(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .returning({ id: apiKeys.id, name: apiKeys.name });
  if (deleted.length === 0) return [];
  await db.delete(integrations).where(
    and(
      eq(integrations.userId, userId),
      eq(integrations.type, "hook"),
      inArray(
        sql`${integrations.settings}->>'api_key_id'`,
        deleted.map((key) => String(key.id)),
      ),
    ),
  );
  return deleted.sort((a, b) => a.id - b.id).map((key) => key.name);
}

/** The key of this hash, marked used now (one statement), or undefined. */
export async function useApiKey(db: DbOrTx, keyHash: string, now: Date) {
  const [row] = await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(eq(apiKeys.keyHash, keyHash))
    .returning({ id: apiKeys.id, userId: apiKeys.userId });
  return row;
}

/** Holds the account's row until the transaction ends, so two creations count in turn. */
export async function lockAccount(db: DbOrTx, userId: number): Promise<void> {
  await db.execute(sql`select 1 from users where id = ${userId} for update`);
}
