import {
  apiPaths,
  type CredentialTargetName,
  credentialTargetSchemas,
  deliveryLogQuerySchema,
  deliveryPageSchema,
  deliverySchema,
  emailIntegrationCreateSchema,
  emailIntegrationListSchema,
  emailIntegrationSchema,
  errorBodySchema,
  idParamsSchema,
  setEnabledSchema,
  testLeadResultSchema,
  validationErrorBodySchema,
  webhookIntegrationCreateSchema,
  webhookIntegrationListSchema,
  webhookIntegrationSchema,
  webhookIntegrationUpdateSchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { createSendpulseClient } from "../../integrations/sendpulse/sendpulse.adapter";
import { createSecretBox } from "../../lib/secret-box";
import { authenticatedContext } from "../../plugins/authenticate";
import { credentialTargets } from "./credential-targets";
import { createDeliveryAdapters, outgoingHttpFor } from "./delivery-adapters";
import { createDeliveryLogService } from "./delivery-log.service";
import { createDeliveryRunner } from "./delivery-runner";
import { createIntegrationsService } from "./integrations.service";
import { telegramRoutes } from "./telegram.routes";

const tags = ["lead delivery"];
const answers = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const enabledAnswer = z.object({ id: z.int32(), is_enabled: z.boolean() });

/**
 * The routes of each credential target (at `apiPaths[type]` and `apiPaths[typeOfQuiz]`):
 * its name and what its leads become.
 */
const CREDENTIAL_ROUTES: {
  type: CredentialTargetName;
  name: string;
  what: string;
}[] = [
  {
    type: "bitrix24",
    name: "Bitrix24",
    what: "Bitrix24 leads (`crm.lead.add`) through the portal's inbound webhook",
  },
  {
    type: "keycrm",
    name: "KeyCRM",
    what: "KeyCRM pipeline cards (`POST /pipelines/cards`) with the account's API key",
  },
  {
    type: "pipedrive",
    name: "Pipedrive",
    what: "Pipedrive leads (a person, a lead, the answers as a note) with the user's API token",
  },
  {
    type: "salesdrive",
    name: "SalesDrive",
    what: "SalesDrive orders (`POST /handler/` of `{subdomain}.salesdrive.me`) with the form key",
  },
  {
    type: "getresponse",
    name: "GetResponse",
    what: "contacts of a GetResponse list (`campaign_id`) with the account's API key; a GetResponse MAX account adds its domain (`enterprise_domain`, sent as X-Domain) and API host (`enterprise_region`: com or pl)",
  },
  {
    type: "mailchimp",
    name: "Mailchimp",
    what: "subscribed members of a Mailchimp audience (`list_id`) with the account's API key",
  },
  {
    type: "sendpulse",
    name: "SendPulse",
    what: "addresses of a SendPulse address book with the account's REST API id and secret",
  },
];

/**
 * Lead delivery (operations `createWebhookIntegration`, `listQuizDeliveries`, …): the
 * integrations and the delivery log of a quiz, and — when this process works jobs
 * (JOBS_IN_PROCESS, the default) — the delivery worker, started when the server is ready
 * and stopped, after the sends in hand, when it closes.
 */
export async function deliveryRoutes(app: FastifyInstance, { context }: ApiOptions) {
  if (context.config.jobsInProcess) {
    const worker = createDeliveryRunner({
      ...context,
      log: context.log.child({ module: "delivery" }),
    });
    app.addHook("onReady", async () => worker.start());
    app.addHook("onClose", async () => worker.stop());
  }
  const http = outgoingHttpFor(context.config);
  const integrations = createIntegrationsService({
    db: context.db,
    config: context.config,
    box: createSecretBox(context.secrets.encryptionKey),
    adapters: createDeliveryAdapters({ ...context, http }),
    http,
  });
  const log = createDeliveryLogService(context);
  await telegramRoutes(app, context, http, integrations);
  const targets = credentialTargets(
    context.config,
    createSendpulseClient(http, context.config.targetApiUrls.sendpulse),
  );

  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.post(
      apiPaths.webhookIntegrations,
      {
        schema: {
          tags,
          summary: "Connects a webhook to a quiz",
          description:
            "Every new lead of the quiz is POSTed to `url`, signed per Standard Webhooks with " +
            "`secret` (shown in full only here and on rotation). https only unless the server " +
            "allows private networks. `url` is a secret too (it often carries a token): kept " +
            "encrypted, answered masked (`https://****.zapier.com/****c1d2`) here and everywhere.",
          body: webhookIntegrationCreateSchema,
          response: { 201: webhookIntegrationSchema, ...answers },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await integrations.createWebhook(request.userId, request.body)),
    );

    routes.get(
      apiPaths.webhookIntegrationsOfQuiz(":id"),
      {
        schema: {
          tags,
          summary: "Lists a quiz's webhooks",
          description: "Secrets masked: `secret` and `url`.",
          params: idParamsSchema,
          response: { 200: webhookIntegrationListSchema, ...answers },
        },
      },
      async (request) => integrations.listWebhooks(request.userId, request.params.id),
    );

    routes.patch(
      apiPaths.webhookIntegrationById(":id"),
      {
        schema: {
          tags,
          summary: "Changes a webhook's URL or switches it on or off",
          description:
            "Without `url` the stored URL stays (send it only to replace it; the answer shows " +
            "it masked).",
          params: idParamsSchema,
          body: webhookIntegrationUpdateSchema,
          response: { 200: webhookIntegrationSchema, ...answers },
        },
      },
      async (request) =>
        integrations.updateWebhook(request.userId, request.params.id, request.body),
    );

    routes.delete(
      apiPaths.webhookIntegrationById(":id"),
      {
        schema: {
          tags,
          summary: "Disconnects a webhook",
          description: "Its deliveries leave the log with it.",
          params: idParamsSchema,
          response: { 204: z.void(), ...answers },
        },
      },
      async (request, reply) => {
        await integrations.remove(request.userId, request.params.id, "webhook");
        return reply.status(204).send();
      },
    );

    routes.post(
      apiPaths.webhookIntegrationRotateSecret(":id"),
      {
        schema: {
          tags,
          summary: "Gives a webhook a new signing secret",
          description:
            "Answers the new secret in full. For 24 hours deliveries carry signatures with " +
            "both the new and the old secret.",
          params: idParamsSchema,
          response: { 200: webhookIntegrationSchema, ...answers },
        },
      },
      async (request) => integrations.rotateWebhookSecret(request.userId, request.params.id),
    );

    routes.post(
      apiPaths.webhookIntegrationsSetEnabled(":id"),
      {
        schema: {
          tags,
          summary: "Switches every webhook of a quiz on or off",
          params: idParamsSchema,
          body: setEnabledSchema,
          response: { 200: webhookIntegrationListSchema, ...answers },
        },
      },
      async (request) =>
        integrations.setWebhooksEnabled(request.userId, request.params.id, request.body.is_enabled),
    );

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

    for (const target of CREDENTIAL_ROUTES) {
      const name = target.name;
      const paths = {
        create: apiPaths[target.type],
        ofQuiz: apiPaths[`${target.type}OfQuiz`](":id"),
      };
      const schemas = credentialTargetSchemas[target.type];
      routes.post(
        paths.create,
        {
          schema: {
            tags,
            summary: `Connects ${name} to a quiz`,
            description:
              `Leads become ${target.what}. The credentials are checked against the target ` +
              "once first (400 with the target's reason). One per quiz.",
            body: schemas.create,
            response: { 201: schemas.answer, ...answers },
          },
        },
        async (request, reply) =>
          reply
            .status(201)
            .send(
              schemas.answer.parse(
                await integrations.createCredential(
                  request.userId,
                  targets[target.type],
                  request.body,
                ),
              ),
            ),
      );
      routes.get(
        paths.ofQuiz,
        {
          schema: {
            tags,
            summary: `Reads a quiz's ${name} connection`,
            description: "404 when the quiz has none. Secrets are masked.",
            params: idParamsSchema,
            response: { 200: schemas.answer, ...answers },
          },
        },
        async (request) =>
          schemas.answer.parse(
            await integrations.getCredential(
              request.userId,
              targets[target.type],
              request.params.id,
            ),
          ),
      );
      routes.patch(
        paths.ofQuiz,
        {
          schema: {
            tags,
            summary: `Changes a quiz's ${name} connection`,
            description: "New credentials (or a new list) are checked against the target first.",
            params: idParamsSchema,
            body: schemas.update,
            response: { 200: schemas.answer, ...answers },
          },
        },
        async (request) =>
          schemas.answer.parse(
            await integrations.updateCredential(
              request.userId,
              targets[target.type],
              request.params.id,
              request.body,
            ),
          ),
      );
      routes.delete(
        paths.ofQuiz,
        {
          schema: {
            tags,
            summary: `Disconnects a quiz's ${name} account`,
            params: idParamsSchema,
            response: { 204: z.void(), ...answers },
          },
        },
        async (request, reply) => {
          await integrations.removeCredential(
            request.userId,
            targets[target.type],
            request.params.id,
          );
          return reply.status(204).send();
        },
      );
    }

    routes.post(
      apiPaths.integrationSetEnabled(":id"),
      {
        schema: {
          tags,
          summary: "Switches one integration on or off",
          description: "A switched-off integration gets no deliveries of new leads.",
          params: idParamsSchema,
          body: setEnabledSchema,
          response: { 200: enabledAnswer, ...answers },
        },
      },
      async (request) =>
        integrations.setEnabled(request.userId, request.params.id, request.body.is_enabled),
    );

    routes.post(
      apiPaths.integrationTestLead(":id"),
      {
        schema: {
          tags,
          summary: "Sends a test lead to an integration",
          description:
            "A made-up lead goes to the target at once (not through the outbox, and not " +
            "into the log); the answer says what the target said.",
          params: idParamsSchema,
          response: { 200: testLeadResultSchema, ...answers },
        },
      },
      async (request) => integrations.sendTestLead(request.userId, request.params.id),
    );

    routes.get(
      apiPaths.quizDeliveries(":id"),
      {
        schema: {
          tags,
          summary: "Lists the deliveries of a quiz's leads",
          description:
            "Newest first, a page of `limit` (50 by default); `next` is the cursor of the " +
            "following page. Filters: `status`, `integration`.",
          params: idParamsSchema,
          querystring: deliveryLogQuerySchema,
          response: { 200: deliveryPageSchema, ...answers },
        },
      },
      async (request) => log.page(request.userId, request.params.id, request.query),
    );

    routes.post(
      apiPaths.deliveryRetry(":id"),
      {
        schema: {
          tags,
          summary: "Sends a delivery again",
          description:
            "Due at once with a fresh run of tries, under the same webhook-id (receivers " +
            "dedupe); also for a delivered one, when the owner asks.",
          params: idParamsSchema,
          response: { 200: deliverySchema, ...answers },
        },
      },
      async (request) => log.retry(request.userId, request.params.id),
    );
  });
}
