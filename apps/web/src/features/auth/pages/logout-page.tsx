import { useEffect } from "react";
import { useApiClient, useSessionStore } from "@/shared/api/services-context";
import { PageLoader } from "@/shared/ui/page-loader";
import { logout } from "../api/auth-api";

/**
 * /logout: revokes the refresh token (errors ignored) and clears the session; the query
 * cache is dropped with it (app-services), and the route guard then opens /login.
 */
export function LogoutPage() {
  const api = useApiClient();
  const session = useSessionStore();

  useEffect(() => {
    let cancelled = false;
    const refresh = session.get()?.refresh;
    const revoke = refresh ? logout(api, refresh).catch(() => undefined) : Promise.resolve();
    void revoke.then(() => {
      if (!cancelled) session.clear();
    });
    return () => {
      cancelled = true;
    };
  }, [api, session]);

  return <PageLoader />;
}
