/** Refresh an access token this many milliseconds before it expires. */
export const EXPIRY_MARGIN_MS = 10_000;

/** The claims of a JWT, read without verifying it (the server verifies); null when unreadable. */
function readClaims(token: string): Record<string, unknown> | null {
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

/** Reads the `exp` claim (seconds since the epoch) of a JWT without verifying it. */
export function readJwtExpiry(token: string): number | null {
  const exp = readClaims(token)?.exp;
  return typeof exp === "number" && Number.isFinite(exp) ? exp : null;
}

/** Reads the `sub` claim (whose token it is) of a JWT without verifying it. */
export function readJwtSubject(token: string): string | null {
  const sub = readClaims(token)?.sub;
  return typeof sub === "string" ? sub : null;
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
