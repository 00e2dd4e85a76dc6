import type { PublicQuiz } from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { tariffEndedFor } from "../tariffs";
import {
  findLivePublication,
  findPublication,
  insertPublication,
  type LivePublication,
  latestVersion,
  listPublications,
  markPublished,
  setVisibility,
} from "./publication.repository";
import { visitorSnapshot } from "./visitor-snapshot";

export type PublicationService = ReturnType<typeof createPublicationService>;

/**
 * The published snapshots of quizzes (docs/api.md "Publishing"): what visitors get and how
 * a new snapshot is stored. Taking the snapshot of a draft spans modules and lives in
 * workflows/publishing.
 */
export function createPublicationService(ctx: Pick<AppContext, "db">) {
  const { db } = ctx;
  return {
    /**
     * The snapshot visitors get, with its ETag; 404 unless published, shown and live, and
     * while the owner's tariff has ended (docs/money.md "Limits").
     */
    async live(publicKey: string): Promise<{ snapshot: PublicQuiz; etag: string }> {
      const found = await findLivePublication(db, publicKey);
      if (!found || (await tariffEndedFor(db, found.ownerId))) throw new AppError("not_found");
      return {
        snapshot: visitorSnapshot(found.snapshot),
        etag: publicationEtag(found.quizId, found.version),
      };
    },

    /**
     * The latest snapshot of a live quiz under this key (undefined when none), and whether
     * its owner's tariff has ended (visitors then get the "not available" page).
     */
    async findLive(
      publicKey: string,
    ): Promise<(LivePublication & { tariffEnded: boolean }) | undefined> {
      const found = await findLivePublication(db, publicKey);
      return found && { ...found, tariffEnded: await tariffEndedFor(db, found.ownerId) };
    },
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

/** A strong validator of one snapshot: a new version (publish) is a new ETag. */
export function publicationEtag(quizId: number, version: number): string {
  return `"q${quizId}-v${version}"`;
}

/** The snapshot version the next publish will store (n+1). */
export async function nextVersion(db: DbOrTx, quizId: number): Promise<number> {
  return (await latestVersion(db, quizId)) + 1;
}

/** The version history of a quiz (newest first) and one version's snapshot. */
export { findPublication, listPublications };
