import { endpointKey, endpointList } from "@leadquiz/contract";

/**
 * What the OpenAPI document adds to an operation beyond its route's schema, as the contract's
 * endpoint table declares it: the name clients and comments use for it (its `operationId`)
 * and the answers the schema cannot declare (a redirect, errors thrown by the service).
 *
 * A route not registered from the table has no entry: `openapi.test.ts` fails for it, and
 * `npm run lint` (redocly) fails for an operation without an operationId.
 */
export interface OperationEntry {
  operationId: string;
  /** The route answers 302 (with this description) instead of a JSON body. */
  redirect?: string;
  /** Error answers the route's schema does not list: 400 (field errors) or `{detail, code}`. */
  errors?: readonly ErrorStatus[];
  /**
   * The session cookie (docs/adr/0017-session-cookie.md): `sets` — the success answer sets
   * (or deletes) it; `spends` — the call reads it (and needs the X-Requested-With header) and sets or
   * deletes it.
   */
  sessionCookie?: "sets" | "spends";
}

export type ErrorStatus = 400 | 404;

/**
 * The entries of the contract's endpoint table (`endpointList`), keyed by `METHOD /path` as
 * the OpenAPI document spells it (without the `/api/v1` prefix).
 */
function endpointTableOperations(): Record<string, OperationEntry> {
  return Object.fromEntries(
    endpointList.map((endpoint) => {
      const { operationId, redirect, errors, sessionCookie } = endpoint;
      const entry: OperationEntry = { operationId };
      if (redirect !== undefined) entry.redirect = redirect;
      if (errors !== undefined) entry.errors = errors;
      if (sessionCookie !== undefined) entry.sessionCookie = sessionCookie;
      return [endpointKey(endpoint), entry];
    }),
  );
}

export const operations: Readonly<Record<string, OperationEntry>> = endpointTableOperations();
