import { API_PREFIX } from "@leadquiz/contract";
import { QueryClient } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { createApiClient } from "@/shared/api/api-client";
import type { Services } from "@/shared/api/services-context";
import { chooseLanguage } from "@/shared/i18n/choose-language";
import {
  createI18n,
  currentLanguage,
  persistLanguageChanges,
  readStoredLanguage,
} from "@/shared/i18n/i18n";
import {
  createSessionStore,
  SESSION_STORAGE_KEY,
  type SessionStorageLike,
} from "@/shared/session/session-store";

export interface AppServices extends Services {
  i18n: I18n;
  queryClient: QueryClient;
}

function browserStorage(): SessionStorageLike | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          const status = (error as { status?: unknown }).status;
          // Client errors (401, 403, 404, 400) will not get better by asking again.
          if (typeof status === "number" && status >= 400 && status < 500) return false;
          return failureCount < 2;
        },
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The singletons of the running app: session, API client, i18n and query cache. */
export function createAppServices(): AppServices {
  const query = new URLSearchParams(window.location.search).get("lang");
  const i18n = createI18n(chooseLanguage({ query, stored: readStoredLanguage() }));
  persistLanguageChanges(i18n);
  const session = createSessionStore(browserStorage());
  // One session for every tab: a refresh, sign-in or sign-out in one shows in the others.
  window.addEventListener("storage", (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) session.sync();
  });
  const api = createApiClient({
    baseUrl: API_PREFIX,
    session,
    getLanguage: () => currentLanguage(i18n),
    ...(typeof navigator !== "undefined" && navigator.locks
      ? {
          exclusive: <T>(name: string, task: () => Promise<T>) =>
            new Promise<T>((resolve, reject) => {
              // The lock is held until the task settles.
              navigator.locks.request(name, () => task().then(resolve, reject)).catch(reject);
            }),
        }
      : {}),
  });
  const queryClient = createQueryClient();
  // Whatever ends the session (logout, a refused refresh), nothing of the user stays cached.
  session.subscribe(() => {
    if (session.isLoaded() && session.get() === null) queryClient.clear();
  });
  return { i18n, session, api, queryClient };
}
