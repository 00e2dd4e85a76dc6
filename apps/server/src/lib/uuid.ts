const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id a client sent (a visitor session's): in lower case when it is a UUID, else null, so
 * a malformed one never reaches a `::uuid` cast in SQL.
 */
export function uuidOrNull(text: string | null | undefined): string | null {
  return text && UUID.test(text) ? text.toLowerCase() : null;
}
