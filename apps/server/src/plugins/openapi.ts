import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { mediaFileFieldsOf } from "../modules/media";
import { profileFileFields } from "../modules/profiles";
import { completeDocument } from "./openapi-document";

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
}

/**
 * The PATCH calls that own files (and the profile and portfolio writes, docs/profile-rating.md)
 * also take `multipart/form-data` (api.md "Media"): the
 * document names their file parts (binary) next to the JSON fields, sent as text parts.
 */
export function addMultipartBodies<T extends { paths?: object }>(document: T): T {
  // The path items of OpenAPI 3.0/3.1 as far as read here (their operations' request bodies).
  const paths = (document.paths ?? {}) as Record<string, Record<string, OpenApiOperation>>;
  const parts: { operation: OpenApiOperation; files: string[]; maxMb: Record<string, number> }[] =
    [];
  for (const [path, operations] of Object.entries(paths)) {
    const files = mediaFileFieldsOf(path);
    if (files && operations?.patch) {
      parts.push({ operation: operations.patch, files, maxMb: {} });
    }
    for (const method of ["patch", "post"] as const) {
      const rules = profileFileFields[`${method.toUpperCase()} ${path.replace(/^\/api\/v1/, "")}`];
      const operation = operations?.[method];
      if (!rules || !operation) continue;
      const maxMb = Object.fromEntries(
        Object.entries(rules).map(([name, rule]) => [name, rule.maxMb]),
      );
      parts.push({ operation, files: Object.keys(rules), maxMb });
    }
  }
  for (const { operation: patch, files, maxMb } of parts) {
    const json = patch.requestBody?.content?.["application/json"]?.schema ?? {};
    const jsonProperties = (json.properties ?? {}) as Record<string, unknown>;
    const textProperties = Object.fromEntries(
      Object.entries(jsonProperties).map(([name, schema]) => [
        name,
        {
          ...(typeof schema === "object" ? schema : {}),
          description: "a text part: the JSON value of the field (a string as it is)",
        },
      ]),
    );
    const fileProperties = Object.fromEntries(
      files.map((name) => [
        name,
        {
          type: "string",
          format: "binary",
          description: `the file (at most ${maxMb[name] ?? 100} MB)`,
        },
      ]),
    );
    patch.requestBody = {
      ...patch.requestBody,
      content: {
        ...patch.requestBody?.content,
        "multipart/form-data": {
          schema: {
            type: "object",
            description: `File parts: ${files.join(", ")}; any other file part is refused (400).`,
            properties: { ...textProperties, ...fileProperties },
          },
        },
      },
    };
  }
  return document;
}

/**
 * OpenAPI generated from the routes' zod schemas, completed by `completeDocument` (operation
 * ids from the catalogue in openapi-operations.ts, security, examples); the document and its
 * UI at /api/docs. `npm run lint` checks it with redocly (scripts/openapi-lint.mjs).
 */
export const openApiPlugin = fp(async function openApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Leadquiz API",
        version: "1.0.0",
        description: "The Leadquiz API. Its conventions are explained in docs/api.md.",
      },
      servers: [{ url: "/" }],
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          // An account API key, `Bearer lq_<key>`: the hooks/ routes only (docs/delivery.md).
          apiKey: { type: "http", scheme: "bearer", bearerFormat: "lq_<key>" },
          // The refresh token in its HttpOnly cookie: token/refresh/ and logout/ only
          // (docs/adr/0017-session-cookie.md); `__Secure-lq_refresh` when PUBLIC_URL is https.
          sessionCookie: { type: "apiKey", in: "cookie", name: "lq_refresh" },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) => {
      if (!("openapiObject" in documentObject)) return documentObject.swaggerObject;
      completeDocument(addMultipartBodies(documentObject.openapiObject));
      return documentObject.openapiObject;
    },
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
});
