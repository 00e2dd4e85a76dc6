import {
  apiPaths,
  credentialTargetNames,
  endpointKey,
  endpointList,
  oauthProviders,
  operationNameOf,
} from "@leadquiz/contract";

/**
 * One entry per API operation, keyed by `METHOD /path` as the OpenAPI document spells it
 * (without the `/api/v1` prefix): the name clients and comments use for it (its
 * `operationId`) and the answers the route's schema cannot declare (a redirect, errors thrown
 * by the service). The operations of the contract's endpoint table (`endpointList`, routes
 * registered by `defineRoute`) bring their own; the routes not moved there yet are listed
 * below.
 *
 * A new route needs an entry: `openapi.test.ts` fails for an operation without one, and
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

/** The `{id}` of a path as the OpenAPI document spells it. */
const ID = "{id}";

/**
 * The operations of every target of packages/contract `integrationTargets` connected with
 * credentials (`createBitrix24Integration`, `getBitrix24Integration`, …) or by OAuth
 * (`getHubspotAuthLink`, `getHubspotIntegration`, `deleteHubspotIntegration`).
 */
function integrationTargetOperations(): Record<string, OperationEntry> {
  const entries: Record<string, OperationEntry> = {};
  for (const key of credentialTargetNames) {
    const name = `${operationNameOf(key)}Integration`;
    entries[`POST ${apiPaths[key]}`] = { operationId: `create${name}` };
    const ofQuiz = apiPaths[`${key}OfQuiz`](ID);
    entries[`GET ${ofQuiz}`] = { operationId: `get${name}` };
    entries[`PATCH ${ofQuiz}`] = { operationId: `update${name}` };
    entries[`DELETE ${ofQuiz}`] = { operationId: `delete${name}` };
  }
  for (const key of oauthProviders) {
    const link = apiPaths.oauthConsentLink(key, ID);
    // `auth-link/{quiz}/` → `AuthLink`
    const linkName = link.split("/")[2]?.split("-").map(operationNameOf).join("");
    entries[`GET ${link}`] = {
      operationId: `get${operationNameOf(key)}${linkName}`,
      errors: [404],
    };
  }
  for (const key of oauthProviders) {
    const ofQuiz = apiPaths.oauthIntegrationOfQuiz(key, ID);
    entries[`GET ${ofQuiz}`] = { operationId: `get${operationNameOf(key)}Integration` };
    entries[`DELETE ${ofQuiz}`] = { operationId: `delete${operationNameOf(key)}Integration` };
  }
  return entries;
}

/** The operations of the contract's endpoint table (`endpointList`), which name their own ids. */
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

export const operations: Readonly<Record<string, OperationEntry>> = {
  ...endpointTableOperations(),
  // each credential target and OAuth CRM of the registry (integration-targets.ts)
  ...integrationTargetOperations(),
};
