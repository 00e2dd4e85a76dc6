import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { deliveries, type IntegrationType, integrations, quizzes, users } from "../../db/schema";

export type IntegrationRow = typeof integrations.$inferSelect;
export type NewIntegration = Pick<
  typeof integrations.$inferInsert,
  "quizId" | "userId" | "type" | "settings" | "secrets" | "isEnabled"
>;

export async function insertIntegration(
  db: DbOrTx,
  values: NewIntegration,
): Promise<IntegrationRow> {
  const [row] = await db.insert(integrations).values(values).returning();
  if (!row) throw new Error("integration not inserted");
  return row;
}

/** The owner's integration, or undefined (another account's answers the same). */
export async function findOwnedIntegration(
  db: DbOrTx,
  userId: number,
  id: number,
  type?: IntegrationType,
): Promise<IntegrationRow | undefined> {
  const rows = await db
    .select()
    .from(integrations)
    .where(
      and(
        eq(integrations.id, id),
        eq(integrations.userId, userId),
        type ? eq(integrations.type, type) : undefined,
      ),
    )
    .limit(1);
  return rows[0];
}

export function listQuizIntegrations(
  db: DbOrTx,
  quizId: number,
  type: IntegrationType,
): Promise<IntegrationRow[]> {
  return db
    .select()
    .from(integrations)
    .where(and(eq(integrations.quizId, quizId), eq(integrations.type, type)))
    .orderBy(integrations.id);
}

/** Changes an integration; an empty change (a PATCH with nothing in it) only reads it. */
export async function updateIntegration(
  db: DbOrTx,
  id: number,
  changes: Partial<Pick<IntegrationRow, "settings" | "secrets" | "isEnabled" | "disabledReason">>,
): Promise<IntegrationRow> {
  if (Object.keys(changes).length === 0) {
    const [current] = await db.select().from(integrations).where(eq(integrations.id, id));
    if (!current) throw new Error("integration not found");
    return current;
  }
  const [row] = await db
    .update(integrations)
    .set(changes)
    .where(eq(integrations.id, id))
    .returning();
  if (!row) throw new Error("integration not found");
  return row;
}

export async function setQuizIntegrationsEnabled(
  db: DbOrTx,
  quizId: number,
  type: IntegrationType,
  isEnabled: boolean,
): Promise<void> {
  await db
    .update(integrations)
    .set({ isEnabled, ...(isEnabled ? { disabledReason: null } : {}) })
    .where(and(eq(integrations.quizId, quizId), eq(integrations.type, type)));
}

export async function deleteIntegration(db: DbOrTx, id: number): Promise<void> {
  await db.delete(integrations).where(eq(integrations.id, id));
}

export interface LastDelivery {
  at: Date | null;
  status: string;
  error: string | null;
}

/** The latest delivery of each integration (by id), for `last_delivery` of the records. */
export async function lastDeliveries(
  db: DbOrTx,
  integrationIds: number[],
): Promise<Map<number, LastDelivery>> {
  if (integrationIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([deliveries.integrationId], {
      integrationId: deliveries.integrationId,
      at: sql<Date | null>`coalesce(${deliveries.lastAttemptAt}, ${deliveries.createdAt})`,
      status: deliveries.status,
      error: deliveries.lastError,
    })
    .from(deliveries)
    .where(inArray(deliveries.integrationId, integrationIds))
    .orderBy(deliveries.integrationId, desc(deliveries.id));
  return new Map(
    rows.map((r) => [
      r.integrationId,
      { at: r.at === null ? null : new Date(r.at), status: r.status, error: r.error },
    ]),
  );
}

/** The quiz's title and its owner's interface language (for test leads). */
export async function findQuizForDelivery(db: DbOrTx, quizId: number) {
  const rows = await db
    .select({ id: quizzes.id, title: quizzes.title, language: users.languageCode })
    .from(quizzes)
    .innerJoin(users, eq(users.id, quizzes.userId))
    .where(eq(quizzes.id, quizId))
    .limit(1);
  return rows[0];
}

/** Webhooks and REST hooks whose URL is still in plain `settings.url` (stored before sealing). */
export function integrationsWithPlainUrl(db: DbOrTx) {
  return db
    .select({ id: integrations.id, settings: integrations.settings, secrets: integrations.secrets })
    .from(integrations)
    .where(
      and(inArray(integrations.type, ["webhook", "hook"]), sql`${integrations.settings} ? 'url'`),
    );
}

/**
 * Replaces a row's settings and secrets only if both are still as `read` (an edit or a
 * rotation in between wins). Answers whether it did.
 */
export async function replaceIfUnchanged(
  db: DbOrTx,
  read: Pick<IntegrationRow, "id" | "settings" | "secrets">,
  changes: Pick<IntegrationRow, "settings" | "secrets">,
): Promise<boolean> {
  const rows = await db
    .update(integrations)
    .set(changes)
    .where(
      and(
        eq(integrations.id, read.id),
        eq(integrations.secrets, read.secrets),
        sql`${integrations.settings} = ${JSON.stringify(read.settings)}::jsonb`,
      ),
    )
    .returning({ id: integrations.id });
  return rows.length > 0;
}
