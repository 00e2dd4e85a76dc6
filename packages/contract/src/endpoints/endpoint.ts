import { z } from "zod";
import { API_PREFIX } from "../paths";

/**
 * One API operation as the OpenAPI document describes it (docs/api.md "Conventions"): its
 * method and path, its `operationId`, the summary and tags the document shows, and the zod
 * schemas of its request and its answers. The server registers the route from it
 * (`defineRoute`) and the owner app calls it through it (`api.call`), so both take their
 * types from the same schemas.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  /** Below API_PREFIX, as the OpenAPI document spells it (`/project/{id}/`). */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Each answer's schema by status, errors included (none for a redirect). */
  readonly responses?: Readonly<Record<number, z.ZodType>>;
  /** The route answers 302 (with this description) instead of a JSON body. */
  readonly redirect?: string;
  /** Error answers the response schemas do not list: 400 (field errors) or 404 `{detail, code}`. */
  readonly errors?: readonly (400 | 404)[];
  /**
   * The session cookie (docs/adr/0017-session-cookie.md): `sets` — the success answer sets
   * (or deletes) it; `spends` — the call reads it (and needs the X-Requested-With header) and
   * sets or deletes it.
   */
  readonly sessionCookie?: "sets" | "spends";
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Declares an endpoint, keeping the exact types of its schemas (for the server and the web). */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

/** The answer of a call that answers nothing (204). */
export const noContentSchema = z.void().describe("No Content");

/** `{id}` → `id`: the names of a path's parameters. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** The values a caller fills a path's parameters with. */
export type PathParams<P extends string> = { readonly [K in PathParamNames<P>]: string | number };

/** `/project/{id}/` → `/project/:id/`: the path as a Fastify route pattern. */
export function routePattern(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ":$1");
}

/** `/project/{id}/` with `{id: 3}` → `/project/3/` (below API_PREFIX), each value encoded. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/** `GET /project/{id}/`: the key the OpenAPI document's operations are looked up by. */
export function endpointKey(endpoint: Pick<Endpoint, "method" | "path">): string {
  return `${endpoint.method} ${endpoint.path}`;
}

/** The full address of an endpoint's path, with API_PREFIX. */
export function apiAddress(path: string): string {
  return `${API_PREFIX}${path}`;
}

/** The statuses of a successful call. */
type SuccessStatus = 200 | 201 | 202 | 204 | 205;

/** What a successful call answers (its 2xx schemas' output). */
export type EndpointAnswer<E extends Endpoint> = E extends { responses: infer R }
  ? {
      [S in Extract<keyof R, SuccessStatus>]: R[S] extends z.ZodType ? z.output<R[S]> : never;
    }[Extract<keyof R, SuccessStatus>]
  : undefined;

/** The body a caller sends (the body schema's input), `undefined` when the call takes none. */
export type EndpointBody<E extends Endpoint> = E extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : undefined;

/** The query a caller sends (the query schema's input). */
export type EndpointQuery<E extends Endpoint> = E extends { query: infer Q extends z.ZodType }
  ? z.input<Q>
  : undefined;
