import type { PublicQuiz } from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import type { DbOrTx } from "../../db/client";
import {
  findPublication,
  insertPublication,
  latestVersion,
  listPublications,
  markPublished,
  setVisibility,
} from "./publication.repository";
import { publishedQuizCacheFor } from "./published-quiz-cache";

export type PublicationService = ReturnType<typeof createPublicationService>;

/**
 * The published snapshots of quizzes (docs/api.md "Publishing"): what visitors get and how
 * a new snapshot is stored. Taking the snapshot of a draft spans modules and lives in
 * workflows/publishing.
 */
export function createPublicationService(ctx: Pick<AppContext, "database">) {
  const cache = publishedQuizCacheFor(ctx.database);
  return {
    /**
     * The snapshot visitors get, serialised and compressed, with its ETag; 404 unless
     * published, shown and live, and while the owner's tariff has ended (docs/money.md
     * "Limits"). From the process's cache (docs/speed.md "Published quiz cache").
     */
    live: (publicKey: string) => cache.get(publicKey),

    /**
     * The kept live quiz for the visitor pages (its snapshot and a memo for what they make
     * of it); `"tariff_ended"` while the owner's tariff has ended; undefined when none.
     */
    cached: (publicKey: string) => cache.lookup(publicKey),

    /** The live quiz if this process keeps it, at once; undefined: ask `cached`. */
    kept: (publicKey: string) => cache.peek(publicKey),
  };
}

/**
 * Stores the snapshot `build` makes as version n+1 of the quiz (in the caller's
 * transaction, the quiz row locked) and marks the quiz published at it.
 */
export async function storeSnapshot(
  tx: DbOrTx,
  quiz: { id: number; draftVersion: number },
  build: (version: number) => Promise<PublicQuiz>,
): Promise<{ version: number; createdAt: Date }> {
  const version = await nextVersion(tx, quiz.id);
  const snapshot = await build(version);
  const { createdAt } = await insertPublication(tx, {
    quizId: quiz.id,
    version,
    draftVersion: quiz.draftVersion,
    snapshot,
  });
  await markPublished(tx, quiz.id, quiz.draftVersion, createdAt);
  return { version, createdAt };
}

/** Whether the quiz has never been snapshotted. */
export async function neverPublished(tx: DbOrTx, quizId: number): Promise<boolean> {
  return (await latestVersion(tx, quizId)) === 0;
}

/** Shows or hides the latest snapshot (nothing else changes). */
export async function showSnapshot(tx: DbOrTx, quizId: number, isPublished: boolean) {
  await setVisibility(tx, quizId, isPublished);
}

/** The snapshot version the next publish will store (n+1). */
export async function nextVersion(db: DbOrTx, quizId: number): Promise<number> {
  return (await latestVersion(db, quizId)) + 1;
}

/** The version history of a quiz (newest first) and one version's snapshot. */
export { findPublication, listPublications };
