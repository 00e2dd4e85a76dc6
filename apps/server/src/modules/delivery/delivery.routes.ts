import type { TargetConnection } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { createSecretBox } from "../../lib/secret-box";
import { authenticatedContext } from "../../plugins/authenticate";
import { credentialTargets } from "./credential-targets";
import { credentialTargetRoutes } from "./credential-targets.routes";
import { createDeliveryAdapters, outgoingHttpFor } from "./delivery-adapters";
import { deliveryLogRoutes } from "./delivery-log.routes";
import { createDeliveryLogService } from "./delivery-log.service";
import type { DeliveryRouteDeps, DeliveryRouteScope } from "./delivery-route-kit";
import { emailTargetRoutes } from "./email-targets.routes";
import { createIntegrationsService } from "./integrations.service";
import { telegramRoutes } from "./telegram.routes";
import { webhookTargetRoutes } from "./webhook-targets.routes";

/**
 * The signed-in routes of each way a target connects (packages/contract `TargetConnection`),
 * registered here in this order. The bot (Telegram) registers its own, with its webhook;
 * OAuth CRMs are oauth-targets.routes.ts, REST hooks hooks.routes.ts.
 */
const ROUTES_OF_KIND: Partial<
  Record<
    TargetConnection["kind"],
    (routes: DeliveryRouteScope, deps: DeliveryRouteDeps, context: ApiOptions["context"]) => void
  >
> = {
  webhook: webhookTargetRoutes,
  email: emailTargetRoutes,
  credentials: (routes, deps, context) =>
    credentialTargetRoutes(routes, deps, credentialTargets(context.config)),
};

/**
 * Lead delivery (operations `createWebhookIntegration`, `listQuizDeliveries`, …): the
 * integrations and the delivery log of a quiz. The delivery worker is a background job
 * (jobs/background-work.ts).
 */
export async function deliveryRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const http = outgoingHttpFor(context.config);
  const integrations = createIntegrationsService({
    db: context.db,
    config: context.config,
    box: createSecretBox(context.secrets.encryptionKey),
    adapters: createDeliveryAdapters({ ...context, http }),
    http,
  });
  const deps: DeliveryRouteDeps = { integrations, log: createDeliveryLogService(context) };
  await telegramRoutes(app, context, http, integrations);

  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    for (const register of Object.values(ROUTES_OF_KIND)) register(routes, deps, context);
    deliveryLogRoutes(routes, deps);
  });
}
