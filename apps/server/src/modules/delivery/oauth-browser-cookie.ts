import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { API_PREFIX } from "@leadquiz/contract";
import { readCookie } from "../../lib/cookies";

/** Sent only to the callbacks (`/api/v1/oauth/{provider}/callback/`). */
const COOKIE_PATH = `${API_PREFIX}/oauth/`;
const PURPOSE = "leadquiz:oauth-target-browser:v1";

/**
 * Binds an OAuth target's `state` to the browser that asked for the consent link
 * (docs/delivery.md, "OAuth targets"): without it, anyone could send an owner the link of
 * their own quiz, and the owner's CRM account would be connected to the sender's quiz.
 *
 * One cookie per started connection (its name comes from the state, so connecting two
 * targets at once in one browser works), holding an HMAC of the state with a key derived
 * from ENCRYPTION_KEY: only the server can make it, and only the browser it was given to
 * sends it back. HttpOnly, SameSite=Lax (the provider's redirect back is a top-level GET),
 * Secure when PUBLIC_URL is https, 10 minutes like the state, cleared by the callback.
 */
export function createOAuthBrowserCookie(encryptionKey: string, publicUrl: string, ttlMs: number) {
  const key = createHash("sha256").update(`${PURPOSE}:${encryptionKey}`).digest();
  const secure = publicUrl.startsWith("https:");
  const attributes = `Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  const nameOf = (state: string) =>
    `lq_oauth_${createHash("sha256").update(state).digest("base64url").slice(0, 16)}`;
  const macOf = (state: string) => createHmac("sha256", key).update(state).digest("base64url");

  return {
    /** The Set-Cookie header value of a new consent link. */
    serialize: (state: string) =>
      `${nameOf(state)}=${macOf(state)}; Max-Age=${Math.round(ttlMs / 1000)}; ${attributes}`,
    /** The Set-Cookie header value that forgets the state's cookie. */
    clear: (state: string) => `${nameOf(state)}=; Max-Age=0; ${attributes}`,
    /** Whether the Cookie header carries this state's cookie. */
    matches(cookieHeader: string | undefined, state: string): boolean {
      const given = Buffer.from(readCookie(cookieHeader, nameOf(state)) ?? "");
      const expected = Buffer.from(macOf(state));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
