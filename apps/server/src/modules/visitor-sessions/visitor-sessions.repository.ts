import type { PublicQuiz } from "@leadquiz/contract";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  accountTariffs,
  projects,
  quizPublications,
  quizTemplates,
  quizzes,
  visitorSessions,
} from "../../db/schema";
import { uuidOrNull } from "../../lib/uuid";
import { quizLiveForVisitors } from "../../policies/ownership";

/**
 * The id of `session` when it is a session of `quizId`, as an SQL expression (null for an
 * unknown or malformed one): the check rides along with the INSERT, no extra round trip.
 */
export function sessionOfQuiz(session: string | null | undefined, quizId: number) {
  const id = uuidOrNull(session);
  if (!id) return null;
  return sql`(select ${visitorSessions.id} from ${visitorSessions}
    where ${visitorSessions.id} = ${id}::uuid and ${visitorSessions.quizId} = ${quizId})`;
}

export async function insertSession(
  db: DbOrTx,
  values: { quizId: number; utm: Record<string, string>; referrer: string; pageUrl: string },
): Promise<string> {
  const [row] = await db
    .insert(visitorSessions)
    .values(values)
    .returning({ id: visitorSessions.id });
  if (!row) throw new Error("visitor session not inserted");
  return row.id;
}

/** A published, live quiz as the visitor calls need it. */
export interface LiveQuiz {
  id: number;
  userId: number;
  projectId: number;
  /** The highest published snapshot version. */
  latestVersion: number;
  /**
   * A quiz of the template catalogue (docs/templates.md "Visitors of a template"): its
   * visitor calls are checked and answered as usual, and store nothing.
   */
  rehearsal: boolean;
}

/** Whether the quiz of the row is a template of the catalogue (see LiveQuiz.rehearsal). */
const isTemplate = sql<boolean>`exists (
  select 1 from ${quizTemplates} where ${quizTemplates.quizId} = ${quizzes.id}
)`;

/**
 * The quiz behind a public key when visitors may use it: published, not deleted, its
 * project not deleted, with at least one snapshot; null otherwise.
 */
export async function findLiveQuiz(db: DbOrTx, publicKey: string): Promise<LiveQuiz | null> {
  const rows = await db
    .select({
      id: quizzes.id,
      userId: quizzes.userId,
      projectId: quizzes.projectId,
      latestVersion: sql<number | null>`(
        select max(${quizPublications.version}) from ${quizPublications}
        where ${quizPublications.quizId} = ${quizzes.id}
      )`,
      rehearsal: isTemplate,
    })
    .from(quizzes)
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .where(and(eq(quizzes.publicKey, publicKey), quizLiveForVisitors()))
    .limit(1);
  const row = rows[0];
  if (!row || row.latestVersion === null) return null;
  return { ...row, latestVersion: Number(row.latestVersion) };
}

/**
 * A quiz that has been published, as the lead calls need it whether or not visitors may
 * still see it: when it was hidden or deleted and when its owner's tariff ends decide
 * whether a lead is still taken (docs/leads.md "Closed quizzes").
 */
export interface LeadQuiz extends LiveQuiz {
  isPublished: boolean;
  /** When it was last hidden (null while shown, or hidden before this was noted). */
  hiddenAt: Date | null;
  /** The earlier of the quiz's and its project's deletion; null when neither is deleted. */
  deletedAt: Date | null;
  /** The end of the owner's tariff; null when the account has no tariff row yet. */
  tariffEndsAt: Date | null;
}

/** The quiz behind a public key when it has at least one snapshot, live or not; else null. */
export async function findLeadQuiz(db: DbOrTx, publicKey: string): Promise<LeadQuiz | null> {
  const rows = await db
    .select({
      id: quizzes.id,
      userId: quizzes.userId,
      projectId: quizzes.projectId,
      isPublished: quizzes.isPublished,
      hiddenAt: quizzes.hiddenAt,
      quizDeletedAt: quizzes.deletedAt,
      projectDeletedAt: projects.deletedAt,
      tariffEndsAt: accountTariffs.endsAt,
      latestVersion: sql<number | null>`(
        select max(${quizPublications.version}) from ${quizPublications}
        where ${quizPublications.quizId} = ${quizzes.id}
      )`,
      rehearsal: isTemplate,
    })
    .from(quizzes)
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .leftJoin(accountTariffs, eq(accountTariffs.userId, quizzes.userId))
    .where(eq(quizzes.publicKey, publicKey))
    .limit(1);
  const row = rows[0];
  if (!row || row.latestVersion === null) return null;
  const { quizDeletedAt, projectDeletedAt, ...quiz } = row;
  const deleted = [quizDeletedAt, projectDeletedAt].filter((at): at is Date => at !== null);
  return {
    ...quiz,
    latestVersion: Number(row.latestVersion),
    deletedAt: deleted.length > 0 ? new Date(Math.min(...deleted.map((at) => at.getTime()))) : null,
  };
}

/** The snapshot of one published version of a quiz; null when there is no such version. */
export async function findPublishedSnapshot(
  db: DbOrTx,
  quizId: number,
  version: number,
): Promise<PublicQuiz | null> {
  const rows = await db
    .select({ snapshot: quizPublications.snapshot })
    .from(quizPublications)
    .where(and(eq(quizPublications.quizId, quizId), eq(quizPublications.version, version)))
    .limit(1);
  return rows[0]?.snapshot ?? null;
}
