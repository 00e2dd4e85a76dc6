/**
 * A part of the player loaded when first needed (a dynamic import: its own chunk), and
 * fetched ahead in idle time so that no screen waits for it (docs/adr/0007). A failed load
 * (offline, a dropped request) is retried after 1, 2, 4… up to 15 seconds, and at once
 * when the browser says it is back online, until it arrives. The
 * player's state (the visitor's answers) does not depend on it, so nothing is lost while
 * a part is missing: the screen waits in place and comes when the part arrives.
 */
export interface LazyPart<T> {
  /** The module when it has arrived (or was provided), else undefined. */
  readonly loaded: T | undefined;
  /** Starts loading (once; retried after a failure) and resolves with the module. */
  load(): Promise<T>;
  /** Hands the module over without loading it (the server renderer, the unit tests). */
  provide(module: T): void;
}

const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 15_000;

/** Resolves after `ms`, or earlier when the browser comes back online. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener("online", done);
  });
}

export function lazyPart<T>(importer: () => Promise<T>): LazyPart<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | null = null;

  /** Imports until it works: the promise never rejects, it waits for the network. */
  const keepTrying = async (): Promise<T> => {
    for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, LAST_RETRY_MS)) {
      try {
        loaded = await importer();
        return loaded;
      } catch {
        await pause(delay);
      }
    }
  };

  return {
    get loaded() {
      return loaded;
    },
    load() {
      if (loaded !== undefined) return Promise.resolve(loaded);
      pending = pending ?? keepTrying();
      return pending;
    },
    provide(module: T) {
      loaded = module;
    },
  };
}

/** Runs `task` when the browser is idle (soon after, where there is no idle callback). */
export function whenIdle(task: () => void): void {
  if (typeof window === "undefined") return;
  if (typeof window.requestIdleCallback === "function") {
    window.requestIdleCallback(task, { timeout: 2_000 });
  } else {
    setTimeout(task, 200);
  }
}
