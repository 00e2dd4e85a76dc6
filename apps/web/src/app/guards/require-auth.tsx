import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { useSession } from "@/shared/api/services-context";
import { useCurrentUser } from "@/shared/api/user-queries";
import { loginRedirect } from "../paths";

/**
 * Protected routes: an anonymous visitor goes to /login with the current query string and
 * redirectUrl = the current path (or / from /logout).
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginRedirect(location.pathname, location.search)} replace />;
  return (
    <>
      <ProfileLanguageSync />
      <Outlet />
    </>
  );
}

/**
 * The profile's language_code comes first in the language order (docs/product.md "Languages"):
 * apply it whenever the profile's value changes (first load, or saved in settings). A switch in the
 * header changes the language for this browser until the profile says otherwise.
 */
function ProfileLanguageSync() {
  const { i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  const applied = useRef<string | null>(null);
  const profileLanguage = user?.language_code;

  useEffect(() => {
    if (!profileLanguage || applied.current === profileLanguage) return;
    applied.current = profileLanguage;
    if (i18n.language !== profileLanguage) void i18n.changeLanguage(profileLanguage);
  }, [profileLanguage, i18n]);

  return null;
}
