import { z } from "zod";
import {
  emailIntegrationCreateSchema,
  emailIntegrationListSchema,
  emailIntegrationSchema,
} from "../integrations";
import { idParamsSchema } from "../quiz-common";
import { deliveryAnswers as answers, deliveryTags as tags } from "./delivery-shared";
import { endpoint } from "./endpoint";

/** The operations of apps/server's email-targets.routes.ts (docs/api.md). */
export const emailTargetsEndpoints = {
  listEmailIntegrations: endpoint({
    method: "GET",
    path: "/integration/email/list/{id}",
    operationId: "listEmailIntegrations",
    tags,
    summary: "Lists the addresses a quiz's leads are e-mailed to",
    params: idParamsSchema,
    responses: { 200: emailIntegrationListSchema, ...answers },
  }),
  createEmailIntegration: endpoint({
    method: "POST",
    path: "/integration/email/create/",
    operationId: "createEmailIntegration",
    tags,
    summary: "E-mails a quiz's leads to one more address",
    description:
      "Each lead arrives as an e-mail in the owner's language (HTML and text) with " +
      "contacts, answers, results and UTM; replying answers the visitor.",
    body: emailIntegrationCreateSchema,
    responses: { 201: emailIntegrationSchema, ...answers },
  }),
  deleteEmailIntegration: endpoint({
    method: "DELETE",
    path: "/integration/email/delete/{id}",
    operationId: "deleteEmailIntegration",
    tags,
    summary: "Stops e-mailing leads to an address",
    params: idParamsSchema,
    responses: { 204: z.void(), ...answers },
  }),
} as const;
