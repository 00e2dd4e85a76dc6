import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * An account API key (docs/delivery.md "REST hooks"): `lq_<random>`, shown once. Only its
 * SHA-256 is kept (the key is 32 random bytes, so a fast hash is enough) plus its first
 * characters (`prefix`) so the owner can tell keys apart. Revoking deletes the row.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("api_keys_hash_key").on(t.keyHash), index("api_keys_user_idx").on(t.userId)],
);
