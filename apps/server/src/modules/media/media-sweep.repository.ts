import { and, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { storedFiles } from "../../db/schema";
import { storageExtensions } from "../../storage/storage-keys";

/** A storage key anywhere in a row's text (a `/media/…` path, with or without an origin). */
const KEY_IN_TEXT = `([0-9a-f]{2}/[0-9a-f]{32}\\.(?:${storageExtensions.join("|")}))`;

/**
 * Every storage key some quiz still holds (docs/media.md "Sweeper"): any text of a draft
 * (the quiz row, its questions, answers, results, additions, config), of a published
 * snapshot, of a specialist profile or portfolio item (docs/profile-rating.md "Files"), or of
 * a video compression still queued or running. Copies are quizzes of their
 * own, so a copy holds its files like any draft. A deleted quiz (or a quiz of a deleted
 * project) holds its files while it was deleted after `deletedAfter` (the safety window).
 * One statement, so every table is read at one moment.
 */
export async function referencedKeys(db: DbOrTx, deletedAfter: Date): Promise<Set<string>> {
  const holds = sql`(q.deleted_at is null or q.deleted_at > ${deletedAfter.toISOString()}::timestamptz)`;
  const keysOf = (row: string) => sql`regexp_matches(${sql.raw(row)}::text, ${KEY_IN_TEXT}, 'g')`;
  const rows = rowsOf<{ key: string }>(
    await db.execute(sql`
      select distinct m[1] as key from (
        select t.* from quizzes q cross join lateral ${keysOf("q")} t where ${holds}
        union all
        select t.* from quizzes q join questions x on x.quiz_id = q.id
          cross join lateral ${keysOf("x")} t where ${holds}
        union all
        select t.* from quizzes q join questions p on p.quiz_id = q.id
          join answers x on x.question_id = p.id cross join lateral ${keysOf("x")} t where ${holds}
        union all
        select t.* from quizzes q join results x on x.quiz_id = q.id
          cross join lateral ${keysOf("x")} t where ${holds}
        union all
        select t.* from quizzes q join additions x on x.quiz_id = q.id
          cross join lateral ${keysOf("x")} t where ${holds}
        union all
        select t.* from quizzes q join quiz_configs x on x.quiz_id = q.id
          cross join lateral ${keysOf("x")} t where ${holds}
        union all
        select t.* from quizzes q join quiz_publications x on x.quiz_id = q.id
          cross join lateral ${keysOf("x")} t where ${holds}
        union all
        select t.* from specialist_profiles x cross join lateral ${keysOf("x")} t
        union all
        select t.* from portfolio_items x cross join lateral ${keysOf("x")} t
        union all
        select t.* from video_compress_tasks x cross join lateral ${keysOf("x")} t
          where x.status in ('queued', 'running')
      ) found(m)
    `),
  );
  return new Set(rows.map((row) => row.key));
}

/** Files recorded in `stored_files` before `before` (candidates for the sweep). */
export async function storedFilesBefore(
  db: DbOrTx,
  before: Date,
): Promise<{ key: string; size: number }[]> {
  return db
    .select({ key: storedFiles.storageKey, size: storedFiles.size })
    .from(storedFiles)
    .where(lt(storedFiles.createdAt, before))
    .orderBy(storedFiles.id);
}

/** The keys of `keys` that `stored_files` records. */
export async function recordedKeys(db: DbOrTx, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: storedFiles.storageKey })
    .from(storedFiles)
    .where(inArray(storedFiles.storageKey, [...keys]));
  return new Set(rows.map((row) => row.key));
}

/** Forgets a swept file, only while it is still older than `before`. */
export async function forgetStoredFile(db: DbOrTx, key: string, before: Date): Promise<void> {
  await db
    .delete(storedFiles)
    .where(and(sql`${storedFiles.storageKey} = ${key}`, lt(storedFiles.createdAt, before)));
}
