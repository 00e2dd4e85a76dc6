/** Refresh an access token this many milliseconds before it expires. */
export const EXPIRY_MARGIN_MS = 10_000;

/** The payload of a JWT, read without verifying it (the server verifies); null if unreadable. */
function readJwtPayload(token: string): Record<string, unknown> | null {
  const payload = token.split(".")[1];
  if (payload === undefined || payload === "") return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "=");
    const json: unknown = JSON.parse(atob(padded));
    return typeof json === "object" && json !== null ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A numeric claim (seconds since the epoch), or null when missing or not a number. */
function readTimeClaim(token: string, claim: "exp" | "auth_time"): number | null {
  const value = readJwtPayload(token)?.[claim];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** Reads the `exp` claim (seconds since the epoch) of a JWT without verifying it. */
export function readJwtExpiry(token: string): number | null {
  return readTimeClaim(token, "exp");
}

/** Reads the `sub` claim (whose token it is) of a JWT without verifying it. */
export function readJwtSubject(token: string): string | null {
  const sub = readJwtPayload(token)?.sub;
  return typeof sub === "string" ? sub : null;
}

/**
 * When the session of an access token last really signed in (its `auth_time`, in
 * milliseconds), or null when the token does not say. Only a hint for the interface: the
 * server decides (docs/security.md, making an API key).
 */
export function readSignInTime(token: string): number | null {
  const seconds = readTimeClaim(token, "auth_time");
  return seconds === null ? null : seconds * 1000;
}

/**
 * True when the token has expired or will within the margin. A token without a readable
 * `exp` counts as expired, so it is refreshed rather than sent and refused.
 */
export function isTokenExpired(token: string, nowMs: number, marginMs = EXPIRY_MARGIN_MS): boolean {
  const exp = readJwtExpiry(token);
  if (exp === null) return true;
  return exp * 1000 - marginMs <= nowMs;
}
