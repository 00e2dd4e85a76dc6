/**
 * The parts of the app's OpenAPI document (GET /api/docs/json) that tests walk: request
 * bodies and parameters as JSON schemas (generated from the zod schemas of
 * packages/contract). Used by the contract fuzzing and the integration bad-input tests.
 */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
}

export interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  operationId?: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, unknown>[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** The schema a `$ref` names (followed up to 20 hops). */
export function resolveSchema(schema: JsonSchema, doc: OpenApiDocument): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 20; hops++) {
    const name = current.$ref.split("/").pop() ?? "";
    current = doc.components?.schemas?.[name] ?? {};
  }
  return current;
}

/** An operation's JSON request body schema, or undefined when it takes none. */
export function requestBodySchema(operation: OpenApiOperation): JsonSchema | undefined {
  const content = operation.requestBody?.content ?? {};
  return content["application/json"]?.schema ?? Object.values(content)[0]?.schema;
}
