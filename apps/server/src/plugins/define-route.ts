import type { Endpoint } from "@leadquiz/contract";
import { routePattern } from "@leadquiz/contract";
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

/** The Fastify schema of an endpoint: what the route validates, serialises and documents. */
export interface EndpointSchema<E extends Endpoint> {
  tags: string[];
  summary: string;
  description?: string;
  params: E["params"];
  querystring: E["query"];
  body: E["body"];
  response: E["responses"];
}

/**
 * The handler of an endpoint's route: its request (params, query, body) and its reply (each
 * status's body) typed from the endpoint's zod schemas, as Fastify types a route declared with
 * the same schema inline.
 */
export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  EndpointSchema<E>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** Route options besides the schema (rate limits, hooks, body limits). */
export type EndpointRouteOptions = Omit<RouteShorthandOptions, "schema">;

/**
 * Registers the route of an endpoint of the contract's table (docs/api.md "Conventions"): its
 * method and path, and the schema the OpenAPI document shows, all from the table entry; the
 * handler's types come from the same entry, so a handler answering another shape fails to
 * compile.
 */
export function defineRoute<E extends Endpoint>(
  app: Pick<FastifyInstance, "withTypeProvider">,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointRouteOptions = {},
): void {
  const schema: Record<string, unknown> = { tags: [...endpoint.tags], summary: endpoint.summary };
  if (endpoint.responses) schema.response = endpoint.responses;
  if (endpoint.description !== undefined) schema.description = endpoint.description;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
    method: endpoint.method,
    url: routePattern(endpoint.path),
    schema,
    // The handler's own types are the schema's (EndpointHandler); Fastify's generic route
    // options cannot carry them through `route`, so the untyped form is registered here.
    handler: handler as RouteHandlerMethod,
  });
}
