import type { InterfaceLanguageCode } from "@leadquiz/i18n";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { useSession } from "@/shared/api/services-context";
import { useCurrentUser } from "@/shared/api/user-queries";
import { clearPendingLanguage, pendingLanguage } from "@/shared/i18n/pending-profile-language";
import { useSaveProfileLanguage } from "@/shared/i18n/save-profile-language";
import { loginRedirect } from "@/shared/routing/paths";

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
 * header changes the language for this browser until the profile says otherwise. A choice an
 * earlier page marked and did not get saved (pending-profile-language.ts) wins over the profile's
 * older value, and its save is sent again; read once, when the profile first arrives, so the
 * marks of this page's own saves are the switch's business. (The effect also runs again when a
 * dictionary's loading hides and shows the page, with nothing changed.)
 */
function ProfileLanguageSync() {
  const { i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  const { mutate: save, status: saveStatus } = useSaveProfileLanguage();
  const applied = useRef<string | null>(null);
  /** An earlier page's unsaved choice: undefined until read, null when there was none. */
  const leftOver = useRef<InterfaceLanguageCode | null | undefined>(undefined);
  const userId = user?.id;
  const profileLanguage = user?.language_code;

  useEffect(() => {
    if (userId === undefined || !profileLanguage) return;
    if (leftOver.current === undefined) {
      const pending = pendingLanguage(userId);
      if (pending === profileLanguage) clearPendingLanguage(userId, profileLanguage);
      leftOver.current = pending !== null && pending !== profileLanguage ? pending : null;
      if (leftOver.current !== null) {
        save({ id: userId, language: leftOver.current });
        applied.current = profileLanguage;
        if (i18n.language !== leftOver.current) void i18n.changeLanguage(leftOver.current);
        return;
      }
    }
    // Its save refused (which drops the mark): the profile's language after all. Without a
    // notice: the guards load with the first script, the notifications with Mantine later.
    if (saveStatus === "error" && leftOver.current && pendingLanguage(userId) === null) {
      leftOver.current = null;
      applied.current = null;
    }
    if (applied.current === profileLanguage) return;
    applied.current = profileLanguage;
    if (i18n.language !== profileLanguage) void i18n.changeLanguage(profileLanguage);
  }, [userId, profileLanguage, i18n, save, saveStatus]);

  return null;
}
