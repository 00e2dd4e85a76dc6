import { type InterfaceLanguageCode, isInterfaceLanguage } from "@leadquiz/i18n";

/**
 * A language a signed-in user chose in this browser whose save to the profile is not
 * confirmed yet (docs/product.md "Languages"). The profile's language comes first on every
 * load, so a reload before the save landed brought the old language back; while this mark
 * is here the choice wins instead, and the save is sent again.
 */
const PENDING_KEY = "leadquiz.language.pending";

interface PendingChoice {
  user: number;
  language: InterfaceLanguageCode;
}

function read(): PendingChoice | null {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(PENDING_KEY) ?? "null");
    if (typeof parsed !== "object" || parsed === null) return null;
    const { user, language } = parsed as Record<string, unknown>;
    if (typeof user !== "number" || !isInterfaceLanguage(language)) return null;
    return { user, language };
  } catch {
    return null;
  }
}

/** Notes that `language` is being saved to the profile of `user`. */
export function markPendingLanguage(user: number, language: InterfaceLanguageCode): void {
  try {
    window.localStorage.setItem(PENDING_KEY, JSON.stringify({ user, language }));
  } catch {
    // storage unavailable: a reload before the save lands shows the profile's language
  }
}

/** The language `user` chose whose save is not confirmed; null when there is none. */
export function pendingLanguage(user: number): InterfaceLanguageCode | null {
  const pending = read();
  return pending && pending.user === user ? pending.language : null;
}

/**
 * Forgets the mark of `user`: its save landed (`saved`, the profile's language now, when it
 * is the one marked) or failed (no `saved`). A mark for a later choice stays.
 */
export function clearPendingLanguage(user: number, saved?: string): void {
  const pending = read();
  if (!pending || pending.user !== user) return;
  if (saved !== undefined && pending.language !== saved) return;
  try {
    window.localStorage.removeItem(PENDING_KEY);
  } catch {
    // nothing to forget
  }
}
