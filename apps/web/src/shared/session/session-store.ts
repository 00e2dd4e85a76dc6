/**
 * The owner app's session in this tab (docs/adr/0017-session-cookie.md): the access token, in
 * memory only. The refresh token is in an HttpOnly cookie no script can read; a new tab or a
 * reload gets its access token by refreshing (`load`). Nothing token-like is ever written to
 * localStorage, sessionStorage or a readable cookie.
 */
export interface Session {
  access: string;
}

/**
 * Where the sessions of earlier versions were kept (both tokens, readable by any script of the
 * origin); the app deletes it at start.
 */
export const LEGACY_SESSION_STORAGE_KEY = "leadquiz.session";

/** Deletes what earlier versions kept in the browser's storage (the app's start). */
export function forgetLegacySession(storage: Pick<Storage, "removeItem"> | null): void {
  try {
    storage?.removeItem(LEGACY_SESSION_STORAGE_KEY);
  } catch {
    // storage unavailable (private mode): nothing was kept there either
  }
}

/** What a tab tells the app's other tabs: a sign-in or a sign-out, never a token. */
export type SessionNews = "signed-in" | "signed-out";

/** How tabs of one browser tell each other (a BroadcastChannel in the app). */
export interface SessionChannel {
  post(news: SessionNews): void;
  /** Called for what other tabs post; returns the unsubscribe function. */
  subscribe(listener: (news: SessionNews) => void): () => void;
}

export interface SessionStoreOptions {
  /**
   * Gets this tab a session from the cookie: the refresh call (the API client's
   * `refreshSession`, which stores what it gets). Run by `load` at start and when another tab
   * signs in; its failures mean "no session".
   */
  restore: () => Promise<unknown>;
  channel?: SessionChannel | undefined;
}

export interface SessionStore {
  /**
   * The start (once): the silent refresh that finds whether the cookie holds a session; until
   * it settles `isLoaded()` is false and the app shows its loader.
   */
  load(): Promise<Session | null>;
  isLoaded(): boolean;
  /** Shows the app signed out without waiting longer for `load` (it may still sign in later). */
  stopWaiting(): void;
  get(): Session | null;
  /** A new access token of the session (a refresh). */
  set(session: Session): void;
  /** A sign-in in this tab (login, registration link, social sign-in): other tabs follow. */
  signIn(session: Session): void;
  /** The session is over in this tab (sign-out, a refused refresh): other tabs follow. */
  clear(): void;
  /** Counts sign-ins and sign-outs of this tab: a refresh begun before one must not store. */
  version(): number;
  /** Called after every change (load, set, clear); returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  let session: Session | null = null;
  let loaded = false;
  let loading: Promise<Session | null> | null = null;
  let changes = 0;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const markLoaded = () => {
    if (loaded) return;
    loaded = true;
    notify();
  };
  /** Forgets the session; true when there was one. */
  const drop = () => {
    const had = session !== null;
    session = null;
    changes += 1;
    loaded = true;
    notify();
    return had;
  };

  const store: SessionStore = {
    load() {
      loading ??= options
        .restore()
        .catch(() => undefined)
        .then(() => {
          markLoaded();
          return session;
        });
      return loading;
    },
    isLoaded: () => loaded,
    stopWaiting: markLoaded,
    get: () => session,
    set(next) {
      session = { access: next.access };
      loaded = true;
      notify();
    },
    signIn(next) {
      changes += 1;
      store.set(next);
      options.channel?.post("signed-in");
    },
    clear() {
      if (drop()) options.channel?.post("signed-out");
    },
    version: () => changes,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };

  options.channel?.subscribe((news) => {
    if (news === "signed-out") {
      if (session !== null) drop();
      return;
    }
    // Another tab signed in: this one takes the session the cookie now holds.
    void options.restore().catch(() => undefined);
  });
  return store;
}

/** The BroadcastChannel the app's tabs share; none where the browser has no such thing. */
export function browserSessionChannel(name = "leadquiz.session"): SessionChannel | undefined {
  if (typeof BroadcastChannel === "undefined") return undefined;
  const channel = new BroadcastChannel(name);
  return {
    post: (news) => channel.postMessage(news),
    subscribe(listener) {
      const onMessage = (event: MessageEvent) => {
        if (event.data === "signed-in" || event.data === "signed-out") listener(event.data);
      };
      channel.addEventListener("message", onMessage);
      return () => channel.removeEventListener("message", onMessage);
    },
  };
}
