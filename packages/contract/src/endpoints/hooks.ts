import { z } from "zod";
import { hookCreateSchema, hookSampleQuerySchema, hookSampleSchema, hookSchema } from "../api-keys";
import { errorBodySchema, validationErrorBodySchema } from "../errors";
import { idParamsSchema } from "../quiz-common";
import { endpoint } from "./endpoint";

const tags = ["lead delivery"];

const answers = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** The operations of apps/server's hooks.routes.ts (docs/api.md). */
export const hooksEndpoints = {
  subscribeHook: endpoint({
    method: "POST",
    path: "/hooks/",
    operationId: "subscribeHook",
    tags,
    summary: "Subscribes a URL to new leads (REST hook)",
    description:
      "Every new lead of the account — or of `quiz` — is POSTed to `target_url` like a " +
      "webhook delivery, signed with `secret` (answered only here). A 410 from the " +
      "target ends the subscription. https only unless the server allows private networks.",
    body: hookCreateSchema,
    responses: { 201: hookSchema, ...answers },
  }),
  listHookSample: endpoint({
    method: "GET",
    path: "/hooks/sample/",
    operationId: "listHookSample",
    tags,
    summary: "The newest leads, as a delivery carries them",
    description:
      "The 3 newest leads of the account (or of `quiz`), newest first, each in the body " +
      "of a delivery, for a platform's sample (Zapier's performList).",
    query: hookSampleQuerySchema,
    responses: { 200: hookSampleSchema, ...answers },
  }),
  unsubscribeHook: endpoint({
    method: "DELETE",
    path: "/hooks/{id}/",
    operationId: "unsubscribeHook",
    tags,
    summary: "Unsubscribes a REST hook",
    description: "Its deliveries leave the delivery log with it.",
    params: idParamsSchema,
    responses: { 204: z.void(), ...answers },
  }),
} as const;
