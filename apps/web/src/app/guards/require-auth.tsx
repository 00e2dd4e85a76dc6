import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { useSession } from "@/shared/api/services-context";
import { useCurrentUser } from "@/shared/api/user-queries";
import { clearPendingLanguage, pendingLanguage } from "@/shared/i18n/pending-profile-language";
import { useSaveProfileLanguage } from "@/shared/i18n/profile-language-switch";
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
 * header changes the language for this browser until the profile says otherwise. A choice whose
 * save to the profile was not answered before the page went away (pending-profile-language.ts)
 * wins over the profile's older value, and its save is sent again.
 */
function ProfileLanguageSync() {
  const { i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  const { mutate: save, status: saveStatus } = useSaveProfileLanguage();
  const applied = useRef<string | null>(null);
  const resumed = useRef(false);
  const userId = user?.id;
  const profileLanguage = user?.language_code;

  useEffect(() => {
    // While its save is on its way the choice stays; a refusal leaves the profile's.
    if (userId === undefined || !profileLanguage || saveStatus === "pending") return;
    const pending = pendingLanguage(userId);
    if (pending === profileLanguage) clearPendingLanguage(userId, profileLanguage);
    const unsaved = pending !== null && pending !== profileLanguage ? pending : null;
    if (unsaved && !resumed.current) {
      resumed.current = true;
      save({ id: userId, language: unsaved });
    }
    const wanted = unsaved ?? profileLanguage;
    if (applied.current === wanted) return;
    applied.current = wanted;
    if (i18n.language !== wanted) void i18n.changeLanguage(wanted);
  }, [userId, profileLanguage, i18n, save, saveStatus]);

  return null;
}
