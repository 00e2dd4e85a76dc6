import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { integrations } from "../../db/schema";
import type { CredentialStore } from "../../integrations/types";
import type { SecretBox } from "../../lib/secret-box";

/** Why an OAuth integration was switched off: the provider refused its refresh token. */
export const REAUTHORISE_REASON = "reauthorise";

/**
 * The stored secrets of one integration for adapters that renew them (docs/delivery.md,
 * "OAuth targets"), and its settings for targets that move them (Telegram's chat migration).
 * `update` holds the row (`SELECT … FOR UPDATE`) while the adapter asks for new tokens, so
 * two tries refreshing at once take turns and the second sees the first's tokens: a rotated
 * refresh token is never overwritten by a stale one.
 */
export function integrationCredentials(
  db: Database,
  box: SecretBox,
  integrationId: number,
): CredentialStore {
  return {
    update: (change) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .select({ secrets: integrations.secrets })
          .from(integrations)
          .where(eq(integrations.id, integrationId))
          .for("update");
        if (!row) throw new Error("integration not found");
        const current = row.secrets
          ? (JSON.parse(box.open(row.secrets)) as Record<string, string>)
          : {};
        const next = await change(current);
        if (!next) return current;
        await tx
          .update(integrations)
          .set({ secrets: box.seal(JSON.stringify(next)) })
          .where(eq(integrations.id, integrationId));
        return next;
      }),
    async updateSettings(changes) {
      // One statement merging into the stored object: a concurrent change of another key
      // (the owner's edit) is not overwritten.
      await db
        .update(integrations)
        .set({ settings: sql`${integrations.settings} || ${JSON.stringify(changes)}::jsonb` })
        .where(eq(integrations.id, integrationId));
    },
    async needsReauthorisation() {
      await db
        .update(integrations)
        .set({ isEnabled: false, disabledReason: REAUTHORISE_REASON })
        .where(eq(integrations.id, integrationId));
    },
  };
}
