import type { MediaEntity, VideoCompressTask } from "@leadquiz/contract";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { quizzes, storedFiles, videoCompressTasks } from "../../db/schema";

/**
 * Where each file field lives: a text column, or a key of a jsonb column (the quiz's
 * `start_page.media`, `design.background_image`, the config's `landing.logo`).
 */
interface FieldLocation {
  table: string;
  column: string;
  jsonKey?: string;
}

/** `entity` → file field path (as in stored_files.field and the task's `field`) → column. */
const locations: Record<MediaEntity, Record<string, FieldLocation>> = {
  question: { media: { table: "questions", column: "media" } },
  answer: { image: { table: "answers", column: "image" } },
  result: { media: { table: "results", column: "media" } },
  addition: { image: { table: "additions", column: "image" } },
  quiz_config: {
    media: { table: "quiz_configs", column: "media" },
    image: { table: "quiz_configs", column: "image" },
    "landing.logo": { table: "quiz_configs", column: "landing", jsonKey: "logo" },
  },
  quiz: {
    "start_page.media": { table: "quizzes", column: "start_page", jsonKey: "media" },
    "design.background_image": { table: "quizzes", column: "design", jsonKey: "background_image" },
  },
};

function locationOf(entity: MediaEntity, field: string): FieldLocation {
  const location = locations[entity][field];
  if (!location) throw new Error(`no file field ${entity}.${field}`);
  return location;
}

/** The quiz an entity belongs to (whether or not it is live), or undefined when none. */
export async function quizIdOfEntity(
  db: DbOrTx,
  entity: MediaEntity,
  entityId: number,
): Promise<number | undefined> {
  const queries: Record<MediaEntity, SQL> = {
    quiz: sql`select id as quiz_id from quizzes where id = ${entityId}`,
    question: sql`select quiz_id from questions where id = ${entityId}`,
    answer: sql`select q.quiz_id from answers a join questions q on q.id = a.question_id where a.id = ${entityId}`,
    result: sql`select quiz_id from results where id = ${entityId}`,
    addition: sql`select quiz_id from additions where id = ${entityId}`,
    quiz_config: sql`select quiz_id from quiz_configs where id = ${entityId}`,
  };
  const rows = rowsOf<{ quiz_id: number }>(await db.execute(queries[entity]));
  return rows[0] ? Number(rows[0].quiz_id) : undefined;
}

/** The field's current value (a `/media/…` path or null); undefined when the row is gone. */
export async function readField(
  db: DbOrTx,
  entity: MediaEntity,
  entityId: number,
  field: string,
): Promise<string | null | undefined> {
  const { table, column, jsonKey } = locationOf(entity, field);
  const value = jsonKey
    ? sql`${sql.identifier(column)} ->> ${jsonKey}`
    : sql`${sql.identifier(column)}`;
  const rows = rowsOf<{ value: string | null }>(
    await db.execute(
      sql`select ${value} as value from ${sql.identifier(table)} where id = ${entityId} for update`,
    ),
  );
  return rows[0] ? rows[0].value : undefined;
}

/**
 * Sets the field to `value` (null removes a jsonb key, as a merge patch does). With
 * `onlyIf`, only while the field still holds that value (compare and set). True when a row
 * changed.
 */
export async function writeField(
  db: DbOrTx,
  entity: MediaEntity,
  entityId: number,
  field: string,
  value: string | null,
  onlyIf?: string | null,
): Promise<boolean> {
  const { table, column, jsonKey } = locationOf(entity, field);
  const col = sql.identifier(column);
  const current = jsonKey ? sql`${col} ->> ${jsonKey}` : sql`${col}`;
  const next = !jsonKey
    ? sql`${value}`
    : value === null
      ? sql`${col} - ${jsonKey}::text`
      : sql`jsonb_set(${col}, array[${jsonKey}::text], to_jsonb(${value}::text))`;
  const guard =
    onlyIf === undefined
      ? sql``
      : onlyIf === null
        ? sql` and ${current} is null`
        : sql` and ${current} = ${onlyIf}`;
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      sql`update ${sql.identifier(table)} set ${col} = ${next}, updated_at = now()
          where id = ${entityId}${guard} returning id`,
    ),
  );
  return rows.length > 0;
}

export interface NewStoredFile {
  userId: number;
  quizId: number;
  entity: MediaEntity;
  entityId: number;
  field: string;
  storageKey: string;
  contentType: string;
  size: number;
}

export async function insertStoredFile(db: DbOrTx, file: NewStoredFile): Promise<void> {
  await db.insert(storedFiles).values(file);
}

export async function deleteStoredFile(db: DbOrTx, storageKey: string): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.storageKey, storageKey));
}

export async function findStoredFile(db: DbOrTx, storageKey: string) {
  const rows = await db
    .select({ contentType: storedFiles.contentType, size: storedFiles.size })
    .from(storedFiles)
    .where(eq(storedFiles.storageKey, storageKey))
    .limit(1);
  return rows[0];
}

export async function quizOwnerId(db: DbOrTx, quizId: number): Promise<number | undefined> {
  const rows = await db
    .select({ userId: quizzes.userId })
    .from(quizzes)
    .where(eq(quizzes.id, quizId))
    .limit(1);
  return rows[0]?.userId;
}

export async function insertVideoTask(
  db: DbOrTx,
  task: {
    quizId: number;
    entity: MediaEntity;
    entityId: number;
    field: string;
    originalKey: string;
  },
): Promise<number> {
  const rows = await db
    .insert(videoCompressTasks)
    .values(task)
    .returning({ id: videoCompressTasks.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error("video task not inserted");
  return id;
}

export async function deleteVideoTask(db: DbOrTx, taskId: number): Promise<void> {
  await db.delete(videoCompressTasks).where(eq(videoCompressTasks.id, taskId));
}

export async function listVideoTasks(db: DbOrTx, quizId: number): Promise<VideoCompressTask[]> {
  const rows = await db
    .select({
      id: videoCompressTasks.id,
      entity: videoCompressTasks.entity,
      entity_id: videoCompressTasks.entityId,
      field: videoCompressTasks.field,
      status: videoCompressTasks.status,
      progress: videoCompressTasks.progress,
      error: videoCompressTasks.error,
    })
    .from(videoCompressTasks)
    .where(eq(videoCompressTasks.quizId, quizId))
    .orderBy(asc(videoCompressTasks.id));
  return rows;
}

/** Tasks a worker should (re)send at start: queued ones whose job may have been lost. */
export async function queuedVideoTaskIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: videoCompressTasks.id })
    .from(videoCompressTasks)
    .where(eq(videoCompressTasks.status, "queued"))
    .orderBy(asc(videoCompressTasks.id));
  return rows.map((row) => row.id);
}

/** How long a running task may go without a progress write before another worker takes it. */
const STALE_RUNNING = sql`interval '10 minutes'`;

/**
 * Claims a task for this worker: a queued one, or a running one whose worker stopped writing
 * progress (it died). Returns the task, or undefined when it is finished or being worked.
 */
export async function claimVideoTask(db: DbOrTx, taskId: number) {
  const rows = await db
    .update(videoCompressTasks)
    .set({ status: "running", progress: 0, error: null })
    .where(
      and(
        eq(videoCompressTasks.id, taskId),
        sql`(${videoCompressTasks.status} = 'queued' or (${videoCompressTasks.status} = 'running' and ${videoCompressTasks.updatedAt} < now() - ${STALE_RUNNING}))`,
      ),
    )
    .returning();
  return rows[0];
}

export async function setVideoTaskProgress(db: DbOrTx, taskId: number, progress: number) {
  await db
    .update(videoCompressTasks)
    .set({ progress })
    .where(and(eq(videoCompressTasks.id, taskId), eq(videoCompressTasks.status, "running")));
}

export async function finishVideoTask(
  db: DbOrTx,
  taskId: number,
  outcome: { status: "done"; compressedKey: string } | { status: "failed"; error: string },
) {
  await db
    .update(videoCompressTasks)
    .set(
      outcome.status === "done"
        ? { status: "done", progress: 100, compressedKey: outcome.compressedKey, error: null }
        : { status: "failed", error: outcome.error.slice(0, 2000) },
    )
    .where(eq(videoCompressTasks.id, taskId));
}

/** Puts a running task back in the queue (its worker is stopping). */
export async function requeueVideoTask(db: DbOrTx, taskId: number) {
  await db
    .update(videoCompressTasks)
    .set({ status: "queued", progress: 0 })
    .where(and(eq(videoCompressTasks.id, taskId), eq(videoCompressTasks.status, "running")));
}
