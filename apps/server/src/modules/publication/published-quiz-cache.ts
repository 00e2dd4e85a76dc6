import { type PublicQuiz, publicQuizSchema } from "@leadquiz/contract";
import type { DatabaseHandle } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { type Precompressed, precompress } from "../../lib/precompressed";
import { findLivePublication, type LivePublication } from "./publication.repository";
import { visitorSnapshot } from "./visitor-snapshot";

/** The channel the database notifies on (migration 0021): a public key, or `*` for all. */
export const PUBLIC_QUIZ_CHANNEL = "lq_public_quiz";
/** Published quizzes kept per process; the least recently used go first. */
const MAX_ENTRIES = 500;

/** `GET public/quiz/{key}/` as sent: the body serialised and compressed once per version. */
export interface PublishedQuizBody extends Precompressed {
  etag: string;
}

/** A live quiz as kept: what the API sends, the snapshot, and what other modules derived. */
export interface CachedQuiz {
  quizId: number;
  version: number;
  body: PublishedQuizBody;
  /** The stored snapshot (the visitor view is applied by whoever renders it). */
  snapshot: PublicQuiz;
  /**
   * Kept with the quiz and dropped with it: what other modules make from this version
   * once (the hosted page's HTML, compressed), under keys of their own.
   */
  memo: Map<unknown, unknown>;
}

interface Entry extends CachedQuiz {
  /** Visitors lose the quiz when the owner's tariff ends, without any write to notify. */
  tariffEndsAt: Date | null;
}

/** A strong validator of one snapshot: a new version (publish) is a new ETag. */
export function publicationEtag(quizId: number, version: number): string {
  return `"q${quizId}-v${version}"`;
}

/** Whether a tariff ending at `endsAt` has ended (null: no tariff row yet, not ended). */
export function tariffHasEndedAt(endsAt: Date | null, now = Date.now()): boolean {
  return endsAt !== null && endsAt.getTime() <= now;
}

export interface PublishedQuizCache {
  /**
   * The live quiz under `publicKey`; `"tariff_ended"` while its owner's tariff has ended,
   * undefined when there is none (unpublished, hidden, deleted, or no such key).
   */
  lookup(publicKey: string): Promise<CachedQuiz | "tariff_ended" | undefined>;
  /**
   * The live quiz under `publicKey` if this process keeps it, at once (no read, nothing
   * loaded): what the fast reads answer from (plugins/fast-reads.ts). Undefined means "ask
   * `lookup`", not "no such quiz".
   */
  peek(publicKey: string): CachedQuiz | undefined;
  /** The body of the live quiz under `publicKey`; AppError not_found when visitors may not see it. */
  get(publicKey: string): Promise<PublishedQuizBody>;
  /** A change the database announced: one public key, or `*` (everything). */
  invalidate(key: string): void;
  /** A listener is listening: entries may be kept (while at least one is). */
  hold(): void;
  /** A listener stopped or may miss notifications: forget everything. */
  release(): void;
}

const caches = new WeakMap<DatabaseHandle, PublishedQuizCache>();

/** The cache of one database (the app's modules and its listener share it). */
export function publishedQuizCacheFor(database: DatabaseHandle): PublishedQuizCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = createPublishedQuizCache({
      load: (publicKey) => findLivePublication(database.db, publicKey),
      etag: publicationEtag,
    });
    caches.set(database, cache);
  }
  return cache;
}

/** Drops this process's copy of a quiz at once (after the change committed). */
export function forgetPublishedQuiz(database: DatabaseHandle, publicKey: string): void {
  publishedQuizCacheFor(database).invalidate(publicKey);
}

/**
 * Keeps the database's cache correct: LISTENs on PUBLIC_QUIZ_CHANNEL while the app runs.
 * Answers the function that stops listening (on app close).
 */
export async function watchPublishedQuizzes(
  database: DatabaseHandle,
): Promise<() => Promise<void>> {
  const cache = publishedQuizCacheFor(database);
  let holding = false;
  const release = () => {
    if (!holding) return;
    holding = false;
    cache.release();
  };
  const unlisten = await database.listen(PUBLIC_QUIZ_CHANNEL, {
    onMessage: (payload) => cache.invalidate(payload || "*"),
    onGap: release,
    onReady: () => {
      if (holding) return;
      holding = true;
      cache.hold();
    },
  });
  return async () => {
    release();
    await unlisten();
  };
}

/**
 * The published quiz, pre-serialised and pre-compressed (gzip and brotli) once per version,
 * kept in this process while the database's notifications say it has not changed
 * (docs/speed.md "Published quiz cache"). A republish, hide, delete (of the quiz or its
 * project) or tariff change anywhere notifies every process, which drops the entry; while
 * the listening connection is down nothing is kept, every call reads the database. The
 * tariff's end is checked on each hit, as time alone ends it.
 */
export function createPublishedQuizCache(deps: {
  load(publicKey: string): Promise<LivePublication | undefined>;
  etag(quizId: number, version: number): string;
  now?: () => number;
}): PublishedQuizCache {
  const now = deps.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<Entry | undefined>>();
  /** Listeners that are listening; entries are kept only while there is one. */
  let holders = 0;
  /** Bumped by every invalidation: a load that started before one is not kept. */
  let generation = 0;

  const live = (entry: Entry) => !tariffHasEndedAt(entry.tariffEndsAt, now());

  async function build(found: LivePublication): Promise<Entry> {
    const bytes = await precompress(
      JSON.stringify(publicQuizSchema.parse(visitorSnapshot(found.snapshot))),
      "json",
    );
    return {
      quizId: found.quizId,
      version: found.version,
      body: { etag: deps.etag(found.quizId, found.version), ...bytes },
      snapshot: found.snapshot,
      memo: new Map(),
      tariffEndsAt: found.tariffEndsAt,
    };
  }

  async function load(publicKey: string): Promise<Entry | undefined> {
    const startedAt = generation;
    const found = await deps.load(publicKey);
    if (!found) return undefined;
    const entry = await build(found);
    if (holders > 0 && startedAt === generation) {
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(publicKey, entry);
    }
    return entry;
  }

  function invalidate(key: string): void {
    generation += 1;
    // Calls from now on read anew, not through a read that began before the change.
    if (key === "*") {
      entries.clear();
      loading.clear();
    } else {
      entries.delete(key);
      loading.delete(key);
    }
  }

  async function lookup(publicKey: string): Promise<CachedQuiz | "tariff_ended" | undefined> {
    const cached = entries.get(publicKey);
    if (cached) {
      // Most recently used last.
      entries.delete(publicKey);
      entries.set(publicKey, cached);
    }
    // A kept entry whose tariff has ended is read again: a renewal (a write this process
    // may not have been told about yet) brings the quiz back at once.
    let entry = cached && live(cached) ? cached : undefined;
    if (cached && !entry) entries.delete(publicKey);
    if (!entry) {
      // Concurrent first calls for one key share one read and one compression.
      let pending = loading.get(publicKey);
      if (!pending) {
        const started = load(publicKey).finally(() => {
          if (loading.get(publicKey) === started) loading.delete(publicKey);
        });
        pending = started;
        loading.set(publicKey, started);
      }
      entry = await pending;
    }
    if (!entry) return undefined;
    return live(entry) ? entry : "tariff_ended";
  }

  return {
    lookup,
    peek(publicKey) {
      const cached = entries.get(publicKey);
      if (!cached || !live(cached)) return undefined;
      entries.delete(publicKey); // most recently used last
      entries.set(publicKey, cached);
      return cached;
    },
    async get(publicKey) {
      const found = await lookup(publicKey);
      if (found === undefined || found === "tariff_ended") throw new AppError("not_found");
      return found.body;
    },
    invalidate,
    hold() {
      invalidate("*");
      holders += 1;
    },
    release() {
      holders = Math.max(0, holders - 1);
      invalidate("*");
    },
  };
}
