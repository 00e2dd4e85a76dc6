import { Navigate, Outlet, useLocation } from "react-router";
import { useSession } from "@/shared/api/services-context";
import { afterLoginTarget } from "@/shared/routing/paths";

/**
 * Public auth routes: a signed-in user goes to redirectUrl (or /). Signing in on one of
 * these pages therefore lands on the right page by itself.
 */
export function RequireAnonymous() {
  const session = useSession();
  const { search } = useLocation();
  if (session) return <Navigate to={afterLoginTarget(search)} replace />;
  return <Outlet />;
}
