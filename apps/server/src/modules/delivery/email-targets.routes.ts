import {
  apiPaths,
  emailIntegrationCreateSchema,
  emailIntegrationListSchema,
  emailIntegrationSchema,
  idParamsSchema,
} from "@leadquiz/contract";
import { z } from "zod";
import {
  deliveryAnswers as answers,
  type DeliveryRouteDeps,
  type DeliveryRouteScope,
  deliveryTags as tags,
} from "./delivery-route-kit";

/**
 * The routes of the targets connected as e-mail addresses (`integration/email/…`, operations
 * `createEmailIntegration`, …): several addresses per quiz.
 */
export function emailTargetRoutes(routes: DeliveryRouteScope, { integrations }: DeliveryRouteDeps) {
  routes.get(
    apiPaths.emailIntegrationList(":id"),
    {
      schema: {
        tags,
        summary: "Lists the addresses a quiz's leads are e-mailed to",
        params: idParamsSchema,
        response: { 200: emailIntegrationListSchema, ...answers },
      },
    },
    async (request) => integrations.listEmails(request.userId, request.params.id),
  );

  routes.post(
    apiPaths.emailIntegrationCreate,
    {
      schema: {
        tags,
        summary: "E-mails a quiz's leads to one more address",
        description:
          "Each lead arrives as an e-mail in the owner's language (HTML and text) with " +
          "contacts, answers, results and UTM; replying answers the visitor.",
        body: emailIntegrationCreateSchema,
        response: { 201: emailIntegrationSchema, ...answers },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await integrations.createEmail(request.userId, request.body)),
  );

  routes.delete(
    apiPaths.emailIntegrationDelete(":id"),
    {
      schema: {
        tags,
        summary: "Stops e-mailing leads to an address",
        params: idParamsSchema,
        response: { 204: z.void(), ...answers },
      },
    },
    async (request, reply) => {
      await integrations.remove(request.userId, request.params.id, "email");
      return reply.status(204).send();
    },
  );
}
