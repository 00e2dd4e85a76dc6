import { useEffect, useState } from "react";
import { RouterProvider } from "react-router";
import { useSessionLoaded, useSessionStore } from "@/shared/api/services-context";
import { PageLoader } from "@/shared/ui/page-loader";
import type { AppServices } from "./app-services";
import { AppProviders } from "./providers";
import { type AppRouter, createAppRouter } from "./router";

/**
 * The start's silent refresh is given at most 5 s before the app shows itself signed out
 * (docs/product.md "Session"); a session it finds later still signs the tab in.
 */
const SESSION_LOAD_TIMEOUT_MS = 5000;

function SessionGate({ router }: { router: AppRouter }) {
  const store = useSessionStore();
  const loaded = useSessionLoaded();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (!store.isLoaded()) store.stopWaiting();
    }, SESSION_LOAD_TIMEOUT_MS);
    void store.load().finally(() => window.clearTimeout(timer));
    return () => window.clearTimeout(timer);
  }, [store]);

  // Nothing but a loader (never the login page) until the silent refresh has answered.
  if (!loaded) return <PageLoader fullScreen />;
  return <RouterProvider router={router} />;
}

export function App({ services }: { services: AppServices }) {
  // Made before the providers wait for the dictionaries and the session: the router starts
  // loading the opened page's route chunks at once, beside them (docs/editor.md "Start time").
  const [router] = useState(createAppRouter);
  return (
    <AppProviders services={services}>
      <SessionGate router={router} />
    </AppProviders>
  );
}
