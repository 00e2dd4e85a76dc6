import { API_PREFIX, errorBodySchema, validationErrorBodySchema } from "@leadquiz/contract";
import type { JSONSchema7 } from "json-schema";
import { sample } from "openapi-sampler";
import { z } from "zod";
import { type ErrorStatus, type OperationEntry, operations } from "./openapi-operations";

type JsonObject = Record<string, unknown>;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

const errorSchemas: Record<ErrorStatus, unknown> = {
  400: z.toJSONSchema(validationErrorBodySchema, { target: "openapi-3.0" }),
  404: z.toJSONSchema(errorBodySchema, { target: "openapi-3.0" }),
};

/** `GET /project/{id}/`: the catalogue key of an operation of the document. */
export function operationKey(method: string, path: string): string {
  const local = path.startsWith(`${API_PREFIX}/`) ? path.slice(API_PREFIX.length) : path;
  return `${method.toUpperCase()} ${local}`;
}

/**
 * Completes the document generated from the routes' zod schemas (in place):
 * - each operation's `operationId` (and redirect and error answers) from the catalogue;
 * - `security: []` on the public operations (the authenticated ones carry bearer already);
 * - `nullable` beside `anyOf`/`oneOf` moved into the branches (OpenAPI 3.0 wants a `type`
 *   beside `nullable`), repeated `anyOf` branches removed;
 * - examples of the JSON bodies, the success answers and the path parameters, sampled
 *   from their schemas, so they always agree with the contract.
 */
export function completeDocument(document: unknown): void {
  if (!isObject(document) || !isObject(document.paths)) return;
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      completeOperation(operation, operations[operationKey(method, path)]);
    }
  }
  fixSchemas(document);
}

/** The Set-Cookie header of an answer that sets (or deletes) the session cookie. */
const sessionSetCookie = {
  "Set-Cookie": {
    description:
      "The session cookie (`lq_refresh`, `__Secure-lq_refresh` on https) holding the refresh " +
      "token: HttpOnly, SameSite=Strict, sent only to token/refresh/ and logout/ (set once " +
      'for each path). Keep it in a cookie jar (docs/api.md "Accounts").',
    schema: { type: "string" },
  },
};

/** The session cookie's part of an operation: its header, its security and its answers. */
function completeSessionCookie(operation: JsonObject, responses: JsonObject, use: string): void {
  for (const [status, response] of Object.entries(responses)) {
    const setsCookie = use === "sets" ? status.startsWith("2") : status !== "403";
    if (setsCookie && isObject(response)) {
      response.headers = {
        ...(isObject(response.headers) ? response.headers : {}),
        ...sessionSetCookie,
      };
    }
  }
  if (use !== "spends") return;
  operation.security = [{ sessionCookie: [] }];
  const parameters = Array.isArray(operation.parameters) ? operation.parameters : [];
  operation.parameters = [
    ...parameters,
    {
      in: "header",
      name: "X-Requested-With",
      required: true,
      description:
        "Any value: proves the call comes from a page of the app's origin (another site's " +
        "page cannot send it without a CORS preflight). Missing: 403.",
      schema: { type: "string" },
      example: "leadquiz",
    },
  ];
}

function completeOperation(operation: JsonObject, entry: OperationEntry | undefined): void {
  if (entry) operation.operationId = entry.operationId;
  const responses = isObject(operation.responses) ? operation.responses : {};
  operation.responses = responses;
  if (entry?.sessionCookie) completeSessionCookie(operation, responses, entry.sessionCookie);
  operation.security ??= [];
  if (entry?.redirect) {
    const success = responses["200"];
    if (isObject(success) && success.content === undefined) delete responses["200"];
    responses["302"] = {
      description: entry.redirect,
      headers: { Location: { schema: { type: "string" } } },
    };
  }
  for (const status of entry?.errors ?? []) {
    responses[status] ??= {
      description: status === 400 ? "Field errors" : "Not found",
      content: { "application/json": { schema: errorSchemas[status] } },
    };
  }
  if (isObject(operation.requestBody)) addExamples(operation.requestBody);
  for (const [status, response] of Object.entries(responses)) {
    if (status.startsWith("2") && isObject(response)) addExamples(response);
  }
  if (Array.isArray(operation.parameters)) {
    for (const parameter of operation.parameters) {
      if (isObject(parameter) && parameter.in === "path" && isSchema(parameter.schema)) {
        parameter.example ??= example(parameter.schema);
      }
    }
  }
}

/** `example` on each JSON media type of a request body or response. */
function addExamples(bodyOrResponse: JsonObject): void {
  const json = isObject(bodyOrResponse.content) ? bodyOrResponse.content["application/json"] : {};
  if (isObject(json) && isSchema(json.schema)) json.example ??= example(json.schema);
}

function example(schema: JSONSchema7): unknown {
  return sample(schema, { enablePatterns: true, quiet: true });
}

/** Walks every value of the document and repairs the schemas zod's JSON Schema gives. */
function fixSchemas(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) fixSchemas(item);
    return;
  }
  if (!isObject(value)) return;
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = value[key];
    if (!Array.isArray(branches)) continue;
    const unique = [...new Map(branches.map((b) => [JSON.stringify(b), b])).values()];
    const [only] = unique;
    if (unique.length === 1 && isObject(only)) {
      // `anyOf: [X, X]` → `X`, keeping the keywords beside the composition.
      delete value[key];
      for (const [name, keyword] of Object.entries(only)) value[name] ??= keyword;
      continue;
    }
    value[key] = unique;
    if (value.nullable === true && value.type === undefined) {
      for (const branch of unique) if (isObject(branch)) branch.nullable = true;
      delete value.nullable;
    }
  }
  for (const child of Object.values(value)) fixSchemas(child);
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A schema of the document (an object): the shape openapi-sampler reads. */
function isSchema(value: unknown): value is JSONSchema7 {
  return isObject(value);
}
