import { and, desc, eq, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { rowsOf } from "../../db/rows";
import {
  type DeliveryStatus,
  deliveries,
  integrations,
  leads,
  quizzes,
  users,
} from "../../db/schema";

/**
 * The outbox rows of the leads one statement stores: one delivery per enabled integration
 * of the lead's quiz, and per enabled REST hook of the lead's account that covers every quiz
 * (`quiz_id` null). `newLeads` names a row source of that statement with the new leads'
 * `id`, `quiz_id`, `user_id` and `flags` (the leads repository's `insert … returning`), so a
 * lead is never stored without its deliveries and both cost one round trip (docs/leads.md
 * "Storing a lead"). A lead flagged `over_rate` gets its deliveries `held`: they go once the
 * owner lets it through (`letHeldDeliveriesThrough`, docs/delivery.md "Held leads").
 */
export function leadDeliveriesOf(newLeads: SQL): SQL {
  return sql`insert into ${deliveries} (integration_id, lead_id, quiz_id, status)
    select i.id, l.id, l.quiz_id,
      case when 'over_rate' = any(l.flags) then 'held' else 'pending' end
    from ${newLeads} l
    join ${integrations} i on i.is_enabled
      and (i.quiz_id = l.quiz_id or (i.quiz_id is null and i.user_id = l.user_id))
    on conflict (integration_id, lead_id) do nothing`;
}

/**
 * How many more deliveries of one integration a claim may take: `room` for the integrations
 * named in `rooms` (0 for one whose slots are all taken or that is paused), `perTarget` for
 * any other.
 */
export interface ClaimFairness {
  perTarget: number;
  rooms: ReadonlyMap<number, number>;
  /** Target types sent one delivery at a time (their room is 1 unless `rooms` says less). */
  oneAtATime?: readonly string[];
}

/** Postgres array literal of integers (drizzle would spread a JS array into a list). */
function intArray(values: Iterable<number>): string {
  return `{${[...values].map((v) => Math.trunc(v)).join(",")}}`;
}

/** Postgres array literal of plain names (letters, digits, `_`: target types). */
function textArray(values: readonly string[]): string {
  if (values.some((v) => !/^\w+$/.test(v))) throw new Error("not a plain name");
  return `{${values.join(",")}}`;
}

/**
 * Claims up to `limit` due deliveries for `leaseMs`: a row another worker claimed first is
 * skipped, so several processes can work one outbox. A claim whose worker died runs out at
 * `locked_until` and the row is claimed again.
 */
export async function claimDueDeliveries(
  db: DbOrTx,
  now: Date,
  limit: number,
  leaseMs: number,
  fairness: ClaimFairness = { perTarget: limit, rooms: new Map() },
): Promise<number[]> {
  const until = new Date(now.getTime() + leaseMs);
  const at = sql`${now.toISOString()}::timestamptz`;
  const full = [...fairness.rooms].filter(([, room]) => room <= 0).map(([id]) => id);
  const open = [...fairness.rooms].filter(([, room]) => room > 0);
  // The oldest due rows, at most the room of each integration (what this worker may still
  // send to it: docs/delivery.md "The pipeline") and none of an integration without room:
  // a slow or dead target cannot take every slot. No FOR UPDATE here (window functions
  // refuse it); the UPDATE re-checks the lease on the row it locks, so a row another
  // worker claimed meanwhile is skipped, never sent twice.
  // The widest room any integration can have: rows ranked beyond it are dropped before
  // each remaining row's integration is looked up (for its type).
  const widest = Math.max(fairness.perTarget, 1, ...open.map(([, room]) => room));
  const result = await db.execute(sql`
    update deliveries set locked_until = ${until.toISOString()}::timestamptz,
      attempts = attempts + 1
    where id in (
      select ranked.id from (
        select id, integration_id, next_attempt_at,
          row_number() over (partition by integration_id order by next_attempt_at, id) as n
        from (
          select id, integration_id, next_attempt_at from deliveries
          where status in ('pending', 'retrying')
            and next_attempt_at <= ${at}
            and (locked_until is null or locked_until <= ${at})
            and integration_id <> all(${intArray(full.length === 0 ? [0] : full)}::int[])
          order by next_attempt_at
          limit ${limit * CLAIM_SCAN_FACTOR}) due
        ) ranked
      join integrations i on i.id = ranked.integration_id
      left join unnest(${intArray(open.map(([id]) => id))}::int[],
        ${intArray(open.map(([, room]) => room))}::int[]) as room(integration, n)
        on room.integration = ranked.integration_id
      where ranked.n <= ${widest}
        and ranked.n <= coalesce(room.n, case when i.type = any(${textArray(fairness.oneAtATime ?? [])}::text[])
          then 1 else ${fairness.perTarget} end)
      order by ranked.next_attempt_at
      limit ${limit})
      and (locked_until is null or locked_until <= ${at})
    returning id`);
  return rowsOf<{ id: number | string }>(result).map((r) => Number(r.id));
}

/** How many due rows one claim looks at to find `limit` spread over targets. */
const CLAIM_SCAN_FACTOR = 20;

/** Everything a claimed delivery needs to be sent. */
export async function loadDeliveryWork(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      delivery: {
        id: deliveries.id,
        eventId: deliveries.eventId,
        attempts: deliveries.attempts,
        lastAttemptAt: deliveries.lastAttemptAt,
        createdAt: deliveries.createdAt,
      },
      integration: {
        id: integrations.id,
        type: integrations.type,
        isEnabled: integrations.isEnabled,
        settings: integrations.settings,
        secrets: integrations.secrets,
      },
      lead: leads,
      quiz: { id: quizzes.id, title: quizzes.title },
      language: users.languageCode,
    })
    .from(deliveries)
    .innerJoin(integrations, eq(integrations.id, deliveries.integrationId))
    .innerJoin(leads, eq(leads.id, deliveries.leadId))
    .innerJoin(quizzes, eq(quizzes.id, leads.quizId))
    .innerJoin(users, eq(users.id, integrations.userId))
    .where(inArray(deliveries.id, ids));
}
export type DeliveryWork = Awaited<ReturnType<typeof loadDeliveryWork>>[number];

export interface TryRecord {
  status: DeliveryStatus;
  nextAttemptAt: Date;
  statusCode: number | null;
  error: string | null;
  remoteId: string | null;
  at: Date;
}

/**
 * Records tries and releases their claims, in one statement however many (the worker
 * writes the tries that ended while the previous write ran together). A delivery already
 * delivered is never changed (at most once after a confirmed success).
 */
export async function recordTries(
  db: DbOrTx,
  tries: readonly (TryRecord & { id: number })[],
): Promise<void> {
  if (tries.length === 0) return;
  const rows = JSON.stringify(
    tries.map((t) => ({
      id: t.id,
      status: t.status,
      next_attempt_at: t.nextAttemptAt.toISOString(),
      status_code: t.statusCode,
      error: t.error,
      remote_id: t.remoteId,
      at: t.at.toISOString(),
    })),
  );
  await db.execute(sql`
    update deliveries d set status = t.status,
      next_attempt_at = t.next_attempt_at,
      locked_until = null,
      last_status_code = t.status_code,
      last_error = t.error,
      last_attempt_at = t.at,
      delivered_at = case when t.status = 'delivered' then t.at else d.delivered_at end,
      remote_id = case when t.status = 'delivered' then t.remote_id else d.remote_id end
    from jsonb_to_recordset(${rows}::jsonb) as t(id bigint, status text,
      next_attempt_at timestamptz, status_code smallint, error text, remote_id text,
      at timestamptz)
    where d.id = t.id and d.status <> 'delivered'`);
}

/** Records one try and releases its claim (`recordTries` of one). */
export function recordTry(db: DbOrTx, id: number, record: TryRecord): Promise<void> {
  return recordTries(db, [{ ...record, id }]);
}

/**
 * A target asked to be left alone until `until` (a `Retry-After`, a service's quota reset):
 * every due or sooner-due delivery of the integration not held by a worker waits until
 * then, so no worker of any process sends to it before (docs/delivery.md "The pipeline").
 * Their order stays (oldest first at `until`).
 */
export async function postponeTarget(
  db: DbOrTx,
  integrationId: number,
  until: Date,
  now: Date,
): Promise<void> {
  await db
    .update(deliveries)
    .set({ nextAttemptAt: until })
    .where(
      and(
        eq(deliveries.integrationId, integrationId),
        inArray(deliveries.status, ["pending", "retrying"]),
        lt(deliveries.nextAttemptAt, until),
        or(isNull(deliveries.lockedUntil), lte(deliveries.lockedUntil, now)),
      ),
    );
}

/** Switches an integration off for the reason the pipeline saw (a webhook answering 410). */
export async function disableIntegration(db: DbOrTx, id: number, reason: string): Promise<void> {
  await db
    .update(integrations)
    .set({ isEnabled: false, disabledReason: reason })
    .where(eq(integrations.id, id));
}

export interface DeliveryLogFilter {
  quizId: number;
  status?: DeliveryStatus | undefined;
  integrationId?: number | undefined;
  /** Only ids below this (the page cursor). */
  before?: number | undefined;
  limit: number;
}

function logConditions(filter: Omit<DeliveryLogFilter, "before" | "limit">) {
  return and(
    eq(deliveries.quizId, filter.quizId),
    filter.status ? eq(deliveries.status, filter.status) : undefined,
    filter.integrationId ? eq(deliveries.integrationId, filter.integrationId) : undefined,
  );
}

/** A page of a quiz's deliveries, newest first (keyset by id). */
export function listDeliveries(db: DbOrTx, filter: DeliveryLogFilter) {
  return db
    .select({
      id: deliveries.id,
      lead: deliveries.leadId,
      integration: deliveries.integrationId,
      target: integrations.type,
      status: deliveries.status,
      attempts: deliveries.attempts,
      lastStatusCode: deliveries.lastStatusCode,
      lastError: deliveries.lastError,
      nextAttemptAt: deliveries.nextAttemptAt,
      deliveredAt: deliveries.deliveredAt,
      createdAt: deliveries.createdAt,
    })
    .from(deliveries)
    .innerJoin(integrations, eq(integrations.id, deliveries.integrationId))
    .where(and(logConditions(filter), filter.before ? lt(deliveries.id, filter.before) : undefined))
    .orderBy(desc(deliveries.id))
    .limit(filter.limit);
}

/** The quiz and owner of a delivery (for the ownership check), or undefined. */
export async function findDeliveryOwner(db: DbOrTx, id: number) {
  const rows = await db
    .select({ quizId: deliveries.quizId, userId: integrations.userId, status: deliveries.status })
    .from(deliveries)
    .innerJoin(integrations, eq(integrations.id, deliveries.integrationId))
    .where(eq(deliveries.id, id))
    .limit(1);
  return rows[0];
}

/**
 * Sends a delivery again: due now, a fresh run of tries (the count and the three days start
 * again), the same webhook-id. A delivered one is sent again only when the owner asks
 * (`POST delivery/{id}/retry/`): that is an explicit resend.
 */
export async function requeueDelivery(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db
    .update(deliveries)
    .set({
      status: "pending",
      attempts: 0,
      nextAttemptAt: now,
      lockedUntil: null,
      deliveredAt: null,
      createdAt: now,
    })
    .where(eq(deliveries.id, id));
}

/** How many deliveries match the log's filters (the page's `count`). */
export async function countDeliveries(
  db: DbOrTx,
  filter: Omit<DeliveryLogFilter, "before" | "limit">,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(deliveries)
    .where(logConditions(filter));
  return Number(row?.count ?? 0);
}

/** A target failing long enough for its owner to be told, with what the e-mail needs. */
export interface FailingTarget {
  integrationId: number;
  type: string;
  quizId: number;
  quizTitle: string;
  email: string;
  language: string;
}

/**
 * Keeps an integration's failing stretch: a success ends it; a failure starts it (if not
 * started). When it has lasted `notifyAfterMs` and the owner was not told yet, marks it told
 * (one statement, so two workers cannot both tell) and answers whom to tell.
 */
export async function recordTargetHealth(
  db: DbOrTx,
  integrationId: number,
  ok: boolean,
  now: Date,
  notifyAfterMs: number,
): Promise<FailingTarget | undefined> {
  if (ok) {
    await db
      .update(integrations)
      .set({ failingSince: null, failureNotifiedAt: null })
      .where(and(eq(integrations.id, integrationId), isNotNull(integrations.failingSince)));
    return undefined;
  }
  await db
    .update(integrations)
    .set({
      failingSince: sql`coalesce(${integrations.failingSince}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(integrations.id, integrationId));
  const told = await db
    .update(integrations)
    .set({ failureNotifiedAt: now })
    .where(
      and(
        eq(integrations.id, integrationId),
        isNull(integrations.failureNotifiedAt),
        lte(integrations.failingSince, new Date(now.getTime() - notifyAfterMs)),
      ),
    )
    .returning({ id: integrations.id });
  if (told.length === 0) return undefined;
  const [row] = await db
    .select({
      integrationId: integrations.id,
      type: integrations.type,
      quizId: quizzes.id,
      quizTitle: quizzes.title,
      email: users.email,
      language: users.languageCode,
    })
    .from(integrations)
    .innerJoin(quizzes, eq(quizzes.id, integrations.quizId))
    .innerJoin(users, eq(users.id, integrations.userId))
    .where(eq(integrations.id, integrationId));
  return row;
}
