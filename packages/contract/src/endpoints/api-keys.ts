import { z } from "zod";
import { apiKeyCreatedSchema, apiKeyCreateSchema, apiKeyListSchema } from "../api-keys";
import { errorBodySchema, validationErrorBodySchema } from "../errors";
import { idParamsSchema } from "../quiz-common";
import { endpoint } from "./endpoint";

const tags = ["lead delivery"];

const answers = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** The operations of apps/server's api-keys.routes.ts (docs/api.md). */
export const apiKeysEndpoints = {
  createApiKey: endpoint({
    method: "POST",
    path: "/api-keys/",
    operationId: "createApiKey",
    tags,
    summary: "Makes an account API key",
    description:
      "Answers the key (`lq_…`) in full: the only time it is shown, only its hash is " +
      "kept. The key authenticates the `hooks/` operations of automation platforms. A " +
      "key outlives the session, so a session that signed in (password or social " +
      "sign-in; refreshing does not count) more than 5 minutes ago must send the " +
      "current `password`: without it 400 `password` (or, for an account without a " +
      "password, 400 `non_field_errors`: sign in again); a wrong one 400 `password`. " +
      "A `password` sent is always checked. After 10 wrong passwords in an hour (with " +
      "change-password/'s) the account's calls answer 429 `rate_limited` until it ends.",
    body: apiKeyCreateSchema,
    responses: { 201: apiKeyCreatedSchema, ...answers, 429: errorBodySchema },
  }),
  listApiKeys: endpoint({
    method: "GET",
    path: "/api-keys/",
    operationId: "listApiKeys",
    tags,
    summary: "Lists the account's API keys",
    description: "Name, first characters, creation and last use; never the key.",
    responses: { 200: apiKeyListSchema, ...answers },
  }),
  revokeApiKey: endpoint({
    method: "DELETE",
    path: "/api-keys/{id}/",
    operationId: "revokeApiKey",
    tags,
    summary: "Revokes an API key",
    description:
      "The key stops working at once, and the REST hooks subscribed with it are removed.",
    params: idParamsSchema,
    responses: { 204: z.void(), ...answers },
  }),
} as const;
