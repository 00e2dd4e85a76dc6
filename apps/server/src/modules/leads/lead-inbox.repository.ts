import type { LeadFilters } from "@leadquiz/contract";
import { and, desc, eq, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { leads, projects, quizPublications, quizzes, results } from "../../db/schema";

/**
 * SQL of the owner's leads (docs/leads.md). Every query is scoped by `leads.user_id`: another
 * account's leads, projects or quizzes simply match nothing. Erased leads are left out.
 */

const listColumns = {
  id: leads.id,
  quizId: leads.quizId,
  quizTitle: quizzes.title,
  projectId: leads.projectId,
  createdAt: leads.createdAt,
  source: leads.source,
  isOpened: leads.isOpened,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  messengers: leads.messengers,
  status: leads.status,
  flags: leads.flags,
  isPartial: leads.isPartial,
};

export type LeadListRow = {
  [K in keyof typeof listColumns]: (typeof listColumns)[K]["_"]["data"];
};

function likeFragment(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Search: a fragment of the name, the e-mail or the phone (digits compared without spaces
 * and signs), matched on opened leads only so masked contacts cannot be guessed by search.
 * The phone is compared only when the search holds no letter: "anna25" means a name or an
 * address, not every phone with "25" in it (which also cost a pass over most leads).
 */
function searchCondition(search: string): SQL {
  const text = likeFragment(search.toLowerCase());
  const digits = /\p{L}/u.test(search) ? "" : search.replace(/\D/g, "");
  const phone =
    digits.length > 0
      ? sql`regexp_replace(${leads.phone}, '[^0-9]', '', 'g') like ${likeFragment(digits)}`
      : sql`false`;
  return sql`(${leads.isOpened} and (lower(${leads.name}) like ${text}
    or lower(${leads.email}) like ${text} or ${phone}))`;
}

/** The list filters as one condition, always scoped to the account and live (not erased) leads. */
export function leadFilterCondition(userId: number, filters: LeadFilters): SQL {
  const conditions: SQL[] = [
    eq(leads.userId, userId),
    isNull(leads.erasedAt),
    eq(leads.isPartial, filters.kind === "partial"),
  ];
  if (filters.project !== undefined) conditions.push(eq(leads.projectId, filters.project));
  if (filters.quiz !== undefined) conditions.push(eq(leads.quizId, filters.quiz));
  if (filters.search) conditions.push(searchCondition(filters.search));
  if (filters.from) conditions.push(sql`${leads.createdAt} >= ${filters.from}::date`);
  if (filters.to) conditions.push(sql`${leads.createdAt} < ${filters.to}::date + 1`);
  if (filters.result !== undefined) {
    conditions.push(resultShown(filters.result));
  }
  if (filters.utm_source)
    conditions.push(sql`${leads.utm} ->> 'utm_source' = ${filters.utm_source}`);
  // Results and UTM are hidden until a lead is opened (docs/leads.md "Masking"): like search,
  // their filters match opened leads only, or filtering would confirm a hidden value.
  if (filters.result !== undefined || filters.utm_source) conditions.push(sql`${leads.isOpened}`);
  if (filters.status) conditions.push(eq(leads.status, filters.status));
  if (filters.flag) conditions.push(sql`${filters.flag} = any(${leads.flags})`);
  return sql`(${sql.join(conditions, sql` and `)})`;
}

/** The account's live (not erased) lead `id`, sent or partial. */
function ownedLead(userId: number, id: number): SQL {
  return sql`(${leads.userId} = ${userId} and ${leads.erasedAt} is null and ${leads.id} = ${id})`;
}

/**
 * Whether the project, quiz and result a filter names are the account's (deleted projects
 * and quizzes included: their leads stay listed; a result of the account's quizzes, or one
 * deleted since that the account's opened leads were shown).
 */
export async function ownsFilterTargets(
  db: DbOrTx,
  userId: number,
  targets: {
    project?: number | undefined;
    quiz?: number | undefined;
    result?: number | undefined;
  },
): Promise<boolean> {
  if (targets.project !== undefined) {
    const rows = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, targets.project), eq(projects.userId, userId)));
    if (rows.length === 0) return false;
  }
  if (targets.quiz !== undefined) {
    const rows = await db
      .select({ id: quizzes.id })
      .from(quizzes)
      .where(and(eq(quizzes.id, targets.quiz), eq(quizzes.userId, userId)));
    if (rows.length === 0) return false;
  }
  if (targets.result !== undefined) {
    const own = await db
      .select({ id: results.id })
      .from(results)
      .innerJoin(quizzes, eq(quizzes.id, results.quizId))
      .where(and(eq(results.id, targets.result), eq(quizzes.userId, userId)));
    if (own.length > 0) return true;
    // Gone from the quiz, still on the leads it was shown to (what the filter reads); opened
    // ones only, as the filter matches (docs/leads.md "Masking").
    const shown = await db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.userId, userId), leads.isOpened, resultShown(targets.result)))
      .limit(1);
    if (shown.length === 0) return false;
  }
  return true;
}

/** Leads that were shown result `id` (ids as stored with the lead, docs/leads.md). */
function resultShown(id: number): SQL {
  return sql`${leads.results} @> ${JSON.stringify([{ id }])}::jsonb`;
}

/** The condition narrowed to opened leads (the export shows contacts of opened leads only). */
export function openedOnly(condition: SQL): SQL {
  return sql`(${condition} and ${leads.isOpened})`;
}

/**
 * One keyset page, newest first: ids below `before` (the previous page's last id), at most
 * `limit` rows (leads_user_idx walks the account's ids backwards; no OFFSET, no count).
 * `extra`: values read in the same statement, on every row (the page's one round trip).
 */
export async function listLeadPage<T extends Record<string, SQL>>(
  db: DbOrTx,
  condition: SQL,
  before: number | null,
  limit: number,
  extra: T,
): Promise<(LeadListRow & { extra: { [K in keyof T]: T[K]["_"]["type"] } })[]> {
  const rows = await db
    .select({ ...listColumns, extra })
    .from(leads)
    .innerJoin(quizzes, eq(quizzes.id, leads.quizId))
    .where(before === null ? condition : and(condition, lt(leads.id, before)))
    .orderBy(desc(leads.id))
    .limit(limit);
  return rows as (LeadListRow & { extra: { [K in keyof T]: T[K]["_"]["type"] } })[];
}

/** Values of SQL expressions, read on their own (a page without rows). */
export async function readValues<T extends Record<string, SQL>>(
  db: DbOrTx,
  values: T,
): Promise<{ [K in keyof T]: T[K]["_"]["type"] }> {
  const [row] = await db.select(values).from(sql`(select 1) as one`);
  return row as { [K in keyof T]: T[K]["_"]["type"] };
}

export async function findLeadRow(
  db: DbOrTx,
  userId: number,
  id: number,
): Promise<LeadListRow | undefined> {
  const rows = await db
    .select(listColumns)
    .from(leads)
    .innerJoin(quizzes, eq(quizzes.id, leads.quizId))
    .where(ownedLead(userId, id))
    .limit(1);
  return rows[0];
}

/**
 * The ids of the matching leads not yet released, oldest first, at most `limit` (an
 * export's release, docs/leads.md "Export").
 */
export async function unopenedLeadIds(db: DbOrTx, condition: SQL, limit: number) {
  const rows = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(condition, eq(leads.isOpened, false)))
    .orderBy(leads.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function findLeadDetail(db: DbOrTx, userId: number, id: number) {
  const rows = await db
    .select({
      id: leads.id,
      quizId: leads.quizId,
      quizTitle: quizzes.title,
      createdAt: leads.createdAt,
      isOpened: leads.isOpened,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      other: leads.other,
      other2: leads.other2,
      messengers: leads.messengers,
      answers: leads.answers,
      otherFields: leads.otherFields,
      utm: leads.utm,
      results: leads.results,
      pageUrl: leads.pageUrl,
      referrer: leads.referrer,
      consent: leads.consent,
      status: leads.status,
      note: leads.note,
      flags: leads.flags,
      policyUrl: sql<
        string | null
      >`(select ${quizPublications.snapshot} -> 'contact_form' ->> 'privacy_policy_url'
        from ${quizPublications} where ${quizPublications.quizId} = ${leads.quizId}
        and ${quizPublications.version} = ${leads.publicationVersion})`,
    })
    .from(leads)
    .innerJoin(quizzes, eq(quizzes.id, leads.quizId))
    .where(ownedLead(userId, id))
    .limit(1);
  return rows[0];
}

export type LeadDetailRow = NonNullable<Awaited<ReturnType<typeof findLeadDetail>>>;

export async function updateLeadFollowUp(
  db: DbOrTx,
  userId: number,
  id: number,
  changes: { status?: LeadListRow["status"] | undefined; note?: string | undefined },
): Promise<{ id: number; status: LeadListRow["status"]; note: string } | undefined> {
  const rows = await db
    .update(leads)
    // An empty change still answers the row: status set to itself.
    .set({ ...changes, status: changes.status ?? sql`${leads.status}` })
    .where(ownedLead(userId, id))
    .returning({ id: leads.id, status: leads.status, note: leads.note });
  return rows[0];
}

/**
 * What erasing leaves of a lead: contacts, answers, fields, UTM, addresses and note blanked,
 * the session link dropped. The row stays (quiz, time, results) so the funnel and lead
 * counts do not change. Shared by the owner's erasure and the retention job.
 */
export function erasedLeadValues() {
  return {
    name: "",
    email: "",
    phone: "",
    other: "",
    other2: "",
    messengers: {},
    answers: [],
    otherFields: {},
    utm: {},
    referrer: "",
    pageUrl: "",
    note: "",
    sessionId: null,
    erasedAt: new Date(),
  };
}

/** Erases a lead's personal data for good (`erasedLeadValues`). */
export async function eraseLead(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(leads)
    .set(erasedLeadValues())
    .where(ownedLead(userId, id))
    .returning({ id: leads.id });
  return rows.length > 0;
}
