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
  const live = expiringLookup((publicKey) => findLiveQuiz(db, publicKey), now);
  const forLeads = expiringLookup((publicKey) => findLeadQuiz(db, publicKey), now);
  const snapshots = new Map<string, PublicQuiz>();
  return {
    liveQuiz: (publicKey) => live.get(publicKey),
    leadQuiz: (publicKey) => forLeads.get(publicKey),
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

/** A refresh starts in the background once an entry is this far into its time. */
const REFRESH_AFTER = 0.8;

/**
 * Quizzes by public key, found by `load` and kept LIVE_QUIZ_TTL_MS (only found ones; at most
 * LIVE_QUIZ_CACHE_MAX, the oldest dropped first). Under a campaign's load every visitor call
 * asks for the same key: when its entry ran out, every call until the database answered
 * loaded it again, each taking a pooled connection from the leads being stored (the bench
 * saw lead latencies of 10-30 ms every 5 s). So concurrent misses of a key share one load,
 * and a hit in the last fifth of the entry's time starts one refresh in the background and
 * is answered from the entry, which the refresh replaces. An entry is never answered after
 * its time: a change still reaches every call within LIVE_QUIZ_TTL_MS.
 */
export function expiringLookup<T>(load: (key: string) => Promise<T | null>, now: () => number) {
  const entries = new Map<string, { value: T; expires: number }>();
  const loading = new Map<string, Promise<T | null>>();
  /** Bumped by `clear`: a load that started before lands without keeping its answer. */
  let generation = 0;

  function loadOnce(key: string): Promise<T | null> {
    const pending = loading.get(key);
    if (pending) return pending;
    const startedIn = generation;
    const loaded = load(key)
      .then((value) => {
        if (value !== null && startedIn === generation) {
          entries.delete(key);
          if (entries.size >= LIVE_QUIZ_CACHE_MAX) dropOldest(entries);
          entries.set(key, { value, expires: now() + LIVE_QUIZ_TTL_MS });
        }
        return value;
      })
      .finally(() => {
        if (loading.get(key) === loaded) loading.delete(key);
      });
    loading.set(key, loaded);
    return loaded;
  }

  return {
    async get(key: string): Promise<T | null> {
      const entry = entries.get(key);
      const at = now();
      if (entry && entry.expires > at) {
        const refreshAt = entry.expires - LIVE_QUIZ_TTL_MS * (1 - REFRESH_AFTER);
        // The entry answers; a failed refresh leaves it to run out as before.
        if (at >= refreshAt && !loading.has(key)) loadOnce(key).catch(() => undefined);
        return entry.value;
      }
      entries.delete(key);
      return loadOnce(key);
    },
    clear(): void {
      generation += 1;
      entries.clear();
      loading.clear();
    },
  };
}

function dropOldest(map: Map<string, unknown>): void {
  const oldest = map.keys().next();
  if (!oldest.done) map.delete(oldest.value);
}
