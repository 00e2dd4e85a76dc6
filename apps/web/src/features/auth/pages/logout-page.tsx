import { useEffect, useRef } from "react";
import { useApiClient } from "@/shared/api/services-context";
import { PageLoader } from "@/shared/ui/page-loader";

/**
 * /logout: revokes the session cookie's session (errors ignored) and clears the session here
 * and in the other tabs; the query cache is dropped with it (app-services), and the route
 * guard then opens /login.
 */
export function LogoutPage() {
  const api = useApiClient();
  const started = useRef(false);

  useEffect(() => {
    // Once (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    void api.endSession();
  }, [api]);

  return <PageLoader />;
}
