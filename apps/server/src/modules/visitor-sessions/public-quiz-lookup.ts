import type { PublicQuiz } from "@leadquiz/contract";
import type { Database } from "../../db/client";
import {
  findLeadQuiz,
  findLiveQuiz,
  findPublishedSnapshot,
  type LeadQuiz,
  type LiveQuiz,
} from "./visitor-sessions.repository";

export type { LeadQuiz, LiveQuiz } from "./visitor-sessions.repository";

export interface PublicQuizLookup {
  /**
   * The quiz behind a public key when visitors may use it: published (`is_published`), not
   * deleted, its project not deleted, with at least one snapshot; null otherwise.
   */
  liveQuiz(publicKey: string): Promise<LiveQuiz | null>;
  /**
   * The quiz behind a public key for the lead calls: any quiz with a snapshot, live or
   * not, with when it was hidden or deleted and when its owner's tariff ends (the leads
   * module decides on the grace period); null for a key without a published quiz.
   */
  leadQuiz(publicKey: string): Promise<LeadQuiz | null>;
  /** The snapshot of one published version of a quiz; null when there is no such version. */
  snapshot(quizId: number, version: number): Promise<PublicQuiz | null>;
  /** Forgets every cached entry (tests that change a quiz behind the API's back). */
  clear(): void;
}

/**
 * How long a live quiz stays cached in this process. The visitor calls are hot paths (one
 * INSERT each, `events/` several times per visit), so the key lookup is remembered for a few
 * seconds: hiding or deleting a quiz reaches the visitor calls of every process within this
 * time (leads arriving meanwhile are stored, as they would have been a moment earlier). Only
 * found quizzes are cached, so a quiz is usable as soon as it is published. Each process
 * has its own cache; the database stays the truth.
 */
export const LIVE_QUIZ_TTL_MS = 5_000;
const LIVE_QUIZ_CACHE_MAX = 10_000;
/** Snapshots are immutable: cached without expiry, the least recently used dropped first. */
const SNAPSHOT_CACHE_MAX = 64;

const lookups = new WeakMap<Database, PublicQuizLookup>();

/** The lookup of one app (one database): shared by the visitor modules of that app. */
export function publicQuizLookupFor(db: Database): PublicQuizLookup {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = createPublicQuizLookup(db);
    lookups.set(db, lookup);
  }
  return lookup;
}

export function createPublicQuizLookup(
  db: Database,
  now: () => number = Date.now,
): PublicQuizLookup {
  const live = new Map<string, { quiz: LiveQuiz; expires: number }>();
  const forLeads = new Map<string, { quiz: LeadQuiz; expires: number }>();
  const snapshots = new Map<string, PublicQuiz>();
  return {
    async liveQuiz(publicKey) {
      const cached = live.get(publicKey);
      if (cached && cached.expires > now()) return cached.quiz;
      live.delete(publicKey);
      const quiz = await findLiveQuiz(db, publicKey);
      if (quiz) {
        if (live.size >= LIVE_QUIZ_CACHE_MAX) dropOldest(live);
        live.set(publicKey, { quiz, expires: now() + LIVE_QUIZ_TTL_MS });
      }
      return quiz;
    },
    async leadQuiz(publicKey) {
      const cached = forLeads.get(publicKey);
      if (cached && cached.expires > now()) return cached.quiz;
      forLeads.delete(publicKey);
      const quiz = await findLeadQuiz(db, publicKey);
      if (quiz) {
        if (forLeads.size >= LIVE_QUIZ_CACHE_MAX) dropOldest(forLeads);
        forLeads.set(publicKey, { quiz, expires: now() + LIVE_QUIZ_TTL_MS });
      }
      return quiz;
    },
    async snapshot(quizId, version) {
      const key = `${quizId}:${version}`;
      const cached = snapshots.get(key);
      if (cached) {
        snapshots.delete(key);
        snapshots.set(key, cached);
        return cached;
      }
      const snapshot = await findPublishedSnapshot(db, quizId, version);
      if (snapshot) {
        if (snapshots.size >= SNAPSHOT_CACHE_MAX) dropOldest(snapshots);
        snapshots.set(key, snapshot);
      }
      return snapshot;
    },
    clear() {
      live.clear();
      forLeads.clear();
      snapshots.clear();
    },
  };
}

function dropOldest(map: Map<string, unknown>): void {
  const oldest = map.keys().next();
  if (!oldest.done) map.delete(oldest.value);
}
