/** Error codes that mean the database cannot be reached right now (not a bad query). */
const UNAVAILABLE_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
]);
/** SQLSTATE classes 08 (connection exception) and 57P0x (operator intervention: shutdown). */
const UNAVAILABLE_SQLSTATE = /^(08\d{3}|57P0[1-3])$/;
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "terminating connection",
];

/** True when an error (or its cause) says the database is down or the connection was lost. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (
      typeof code === "string" &&
      (UNAVAILABLE_NODE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))
    )
      return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((m) => message.includes(m)))
      return true;
    current = cause;
  }
  return false;
}

/** True for PostgreSQL's unique violation (23505) of `constraint`, however wrapped. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, constraint: name, message, cause } = current as Record<string, unknown>;
    if (
      code === "23505" &&
      (name === constraint || (typeof message === "string" && message.includes(constraint)))
    ) {
      return true;
    }
    current = cause;
  }
  return false;
}
