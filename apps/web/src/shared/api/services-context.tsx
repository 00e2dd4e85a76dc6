import { createContext, type ReactNode, useContext, useSyncExternalStore } from "react";
import type { Session, SessionStore } from "../session/session-store";
import type { ApiClient } from "./api-client";

export interface Services {
  api: ApiClient;
  session: SessionStore;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({
  services,
  children,
}: {
  services: Services;
  children: ReactNode;
}) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error("ServicesProvider is missing");
  return services;
}

export function useApiClient(): ApiClient {
  return useServices().api;
}

export function useSessionStore(): SessionStore {
  return useServices().session;
}

/** The current session (tokens) or null; re-renders on login, refresh and logout. */
export function useSession(): Session | null {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** False until the persisted session has been read. */
export function useSessionLoaded(): boolean {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.isLoaded, store.isLoaded);
}
