import { API_PREFIX } from "@leadquiz/contract";
import { QueryClient } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { createApiClient } from "@/shared/api/api-client";
import { readJwtSubject } from "@/shared/api/jwt";
import type { Services } from "@/shared/api/services-context";
import { chooseLanguage } from "@/shared/i18n/choose-language";
import {
  createI18n,
  currentLanguage,
  persistLanguageChanges,
  readStoredLanguage,
} from "@/shared/i18n/i18n";
import {
  browserSessionChannel,
  createSessionStore,
  forgetLegacySession,
} from "@/shared/session/session-store";

export interface AppServices extends Services {
  i18n: I18n;
  queryClient: QueryClient;
}

/** localStorage, where earlier versions kept both tokens (readable by any script). */
function browserStorage(): Storage | null {
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
  forgetLegacySession(browserStorage());
  // The access token in memory only; the start's silent refresh, and a sign-in or sign-out in
  // another tab, come through the session cookie (docs/adr/0017-session-cookie.md).
  const session = createSessionStore({
    restore: () => api.refreshSession(),
    channel: browserSessionChannel(),
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
  // Whatever ends the session (logout, a refused refresh) or changes whose it is (another
  // tab signed in as someone else), nothing of the former user stays cached.
  let owner: string | null = null;
  session.subscribe(() => {
    const current = session.get();
    const subject = current ? readJwtSubject(current.access) : null;
    if ((session.isLoaded() && current === null) || (owner !== null && subject !== owner)) {
      queryClient.clear();
    }
    owner = subject;
  });
  return { i18n, session, api, queryClient };
}
