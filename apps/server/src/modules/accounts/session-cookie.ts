import { apiAddress, endpoints, SESSION_REQUEST_HEADER } from "@leadquiz/contract";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error";
import { readCookies } from "../../lib/cookies";
import { REFRESH_TOKEN_TTL_SECONDS } from "./tokens.service";

/**
 * The paths the session cookie is sent to: the refresh and the logout call, and nothing else.
 * No single path covers both, so the cookie is set once for each. Without the trailing slash,
 * a cookie path matches both spellings of the call (`…/token/refresh` and `…/token/refresh/`:
 * RFC 6265 5.1.4), and every API path answers with and without it (docs/api.md).
 */
export const SESSION_COOKIE_PATHS = [endpoints.refreshToken, endpoints.signOut].map(({ path }) =>
  apiAddress(path.replace(/\/+$/, "")),
);

export type SessionCookie = ReturnType<typeof createSessionCookie>;

/**
 * The owner app's session cookie (docs/adr/0017-session-cookie.md): the refresh token, where
 * no script of any page can read it. HttpOnly, SameSite=Strict, host-only (no Domain), scoped
 * to SESSION_COOKIE_PATHS, lasting as long as the refresh token; on an https PUBLIC_URL also
 * Secure and named with the `__Secure-` prefix (a browser then refuses the name from any
 * insecure page).
 */
export function createSessionCookie(publicUrl: string) {
  const secure = publicUrl.startsWith("https:");
  const name = secure ? "__Secure-lq_refresh" : "lq_refresh";
  const expectedOrigin = new URL(publicUrl).origin;
  const attributes = (path: string) =>
    `Path=${path}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;

  return {
    name,

    /** The Set-Cookie values that store `refresh` (one per path). */
    set(refresh: string): string[] {
      return SESSION_COOKIE_PATHS.map(
        (path) => `${name}=${refresh}; Max-Age=${REFRESH_TOKEN_TTL_SECONDS}; ${attributes(path)}`,
      );
    },

    /** The Set-Cookie values that delete our cookie (each path). */
    clear(): string[] {
      return SESSION_COOKIE_PATHS.map(
        (path) => `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${attributes(path)}`,
      );
    },

    /**
     * The refresh token of a refresh or logout call, after the checks that keep another site
     * from making the call with the owner's cookie (docs/security.md "Session"), on top of
     * SameSite=Strict:
     * - the request must carry SESSION_REQUEST_HEADER (a cross-origin page cannot send it
     *   without a CORS preflight, which the server does not grant), and its `Origin`, when it
     *   has one, must be PUBLIC_URL's: otherwise 403 `permission_denied`;
     * - two or more cookies of our name (one tossed in by a sibling host for a parent domain):
     *   401 `token_not_valid`, as we cannot tell which is ours (the route clears ours).
     * Undefined when the request carries no session cookie.
     */
    read(request: FastifyRequest): string | undefined {
      const header = request.headers[SESSION_REQUEST_HEADER.toLowerCase()];
      const origin = request.headers.origin;
      if (!header || (origin !== undefined && origin !== expectedOrigin)) {
        throw new AppError("permission_denied", "session_request_refused");
      }
      const values = readCookies(request.headers.cookie, name).filter((value) => value !== "");
      if (values.length > 1) throw new AppError("token_not_valid", "session_cookie_ambiguous");
      return values[0];
    },
  };
}
