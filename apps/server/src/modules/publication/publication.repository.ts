import type { PublicQuiz } from "@leadquiz/contract";
import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { accountTariffs, projects, quizPublications, quizzes } from "../../db/schema";
import { quizLiveForVisitors } from "../../policies/ownership";

/** The latest snapshot version of a quiz (0 when it was never published). */
export async function latestVersion(db: DbOrTx, quizId: number): Promise<number> {
  const rows = await db
    .select({ version: sql<number>`coalesce(max(${quizPublications.version}), 0)`.mapWith(Number) })
    .from(quizPublications)
    .where(eq(quizPublications.quizId, quizId));
  return rows[0]?.version ?? 0;
}

export async function insertPublication(
  db: DbOrTx,
  values: { quizId: number; version: number; draftVersion: number; snapshot: PublicQuiz },
): Promise<{ createdAt: Date }> {
  const [row] = await db
    .insert(quizPublications)
    .values(values)
    .returning({ createdAt: quizPublications.createdAt });
  if (!row) throw new Error("quiz_publications insert returned nothing");
  return row;
}

/**
 * The quiz is live at the snapshot just taken from `draftVersion`: has_unpublished_changes
 * turns false until the next content change bumps draft_version. `updated_at` is kept
 * (publishing changes no content).
 */
export async function markPublished(
  db: DbOrTx,
  quizId: number,
  draftVersion: number,
  publishedAt: Date,
): Promise<void> {
  await db
    .update(quizzes)
    .set({
      isPublished: true,
      hiddenAt: null,
      publishedAt,
      publishedDraftVersion: draftVersion,
      updatedAt: sql`${quizzes.updatedAt}`,
    })
    .where(eq(quizzes.id, quizId));
}

/**
 * Shows or hides the latest snapshot (no content changes). Hiding a shown quiz notes when
 * (`hidden_at`: the grace period of its visitors' leads runs from it, docs/leads.md
 * "Closed quizzes"); hiding a hidden one keeps the first time; showing clears it.
 */
export async function setVisibility(db: DbOrTx, quizId: number, isPublished: boolean) {
  await db
    .update(quizzes)
    .set({
      isPublished,
      hiddenAt: isPublished ? null : sql`coalesce(${quizzes.hiddenAt}, now())`,
      updatedAt: sql`${quizzes.updatedAt}`,
    })
    .where(eq(quizzes.id, quizId));
}

export interface LivePublication {
  quizId: number;
  version: number;
  snapshot: PublicQuiz;
  /** The owner's account (its tariff decides whether visitors see the quiz). */
  ownerId: number;
  /** When the owner's tariff ends (null: no tariff row yet, i.e. it has not started). */
  tariffEndsAt: Date | null;
}

/**
 * The latest snapshot of the quiz with this public key when visitors may see it: the quiz
 * is published (shown), neither it nor its project is deleted. Undefined otherwise.
 */
export async function findLivePublication(
  db: DbOrTx,
  publicKey: string,
): Promise<LivePublication | undefined> {
  const rows = await db
    .select({
      quizId: quizPublications.quizId,
      version: quizPublications.version,
      snapshot: quizPublications.snapshot,
      ownerId: projects.userId,
      tariffEndsAt: accountTariffs.endsAt,
    })
    .from(quizzes)
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .innerJoin(quizPublications, eq(quizPublications.quizId, quizzes.id))
    .leftJoin(accountTariffs, eq(accountTariffs.userId, projects.userId))
    .where(and(eq(quizzes.publicKey, publicKey), quizLiveForVisitors()))
    .orderBy(desc(quizPublications.version))
    .limit(1);
  return rows[0];
}

export interface PublicationEntry {
  version: number;
  createdAt: Date;
  title: string;
}

/** Every snapshot version of a quiz, newest first (the owner's version history). */
export async function listPublications(db: DbOrTx, quizId: number): Promise<PublicationEntry[]> {
  return db
    .select({
      version: quizPublications.version,
      createdAt: quizPublications.createdAt,
      title: sql<string>`coalesce(${quizPublications.snapshot}->>'title', '')`,
    })
    .from(quizPublications)
    .where(eq(quizPublications.quizId, quizId))
    .orderBy(desc(quizPublications.version));
}

/** One snapshot version of a quiz; undefined when the quiz has no such version. */
export async function findPublication(
  db: DbOrTx,
  quizId: number,
  version: number,
): Promise<PublicQuiz | undefined> {
  const rows = await db
    .select({ snapshot: quizPublications.snapshot })
    .from(quizPublications)
    .where(and(eq(quizPublications.quizId, quizId), eq(quizPublications.version, version)))
    .limit(1);
  return rows[0]?.snapshot;
}
