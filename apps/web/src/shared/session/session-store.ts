import { type TokenPair, tokenPairSchema } from "@leadquiz/contract";

/** The localStorage key of the persisted session (only the two tokens are kept). */
export const SESSION_STORAGE_KEY = "leadquiz.session";

export type Session = TokenPair;

/** Where the session is persisted; `window.localStorage` in the browser. */
export interface SessionStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SessionStore {
  /** Reads the persisted session; until it resolves `isLoaded()` is false. */
  load(): Promise<Session | null>;
  isLoaded(): boolean;
  get(): Session | null;
  set(session: Session): void;
  clear(): void;
  /**
   * Re-reads the persisted session (another tab may have refreshed, signed in or out) and
   * adopts it, notifying when it changed; answers the session now held.
   */
  sync(): Session | null;
  /** Called after every change (load, set, clear); returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** A session store persisted in a Storage (localStorage in the app, a Map in tests). */
export function createSessionStore(storage: SessionStorageLike | null): SessionStore {
  let session: Session | null = null;
  let loaded = false;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  return {
    async load() {
      if (!loaded) {
        session = readPersisted(storage);
        loaded = true;
        notify();
      }
      return session;
    },
    isLoaded: () => loaded,
    get: () => session,
    set(next) {
      session = { access: next.access, refresh: next.refresh };
      loaded = true;
      writePersisted(storage, session);
      notify();
    },
    clear() {
      const changed = session !== null;
      session = null;
      loaded = true;
      try {
        storage?.removeItem(SESSION_STORAGE_KEY);
      } catch {
        // storage unavailable (private mode): the in-memory session is cleared anyway
      }
      if (changed) notify();
    },
    sync() {
      const persisted = readPersisted(storage);
      const changed =
        persisted?.access !== session?.access || persisted?.refresh !== session?.refresh;
      session = persisted;
      loaded = true;
      if (changed) notify();
      return session;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** A Map-backed storage for tests and for browsers without localStorage. */
export function createMemoryStorage(initial: Record<string, string> = {}): SessionStorageLike {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, value);
    },
    removeItem: (key) => {
      map.delete(key);
    },
  };
}

function readPersisted(storage: SessionStorageLike | null): Session | null {
  try {
    const raw = storage?.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = tokenPairSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writePersisted(storage: SessionStorageLike | null, session: Session): void {
  try {
    storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // storage full or unavailable: the session still lives in memory
  }
}
