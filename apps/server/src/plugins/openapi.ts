import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { completeDocument } from "./openapi-document";

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
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) => {
      if (!("openapiObject" in documentObject)) return documentObject.swaggerObject;
      completeDocument(documentObject.openapiObject);
      return documentObject.openapiObject;
    },
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
});
