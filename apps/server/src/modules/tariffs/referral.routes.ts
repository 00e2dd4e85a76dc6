import { referralEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { createReferralService } from "./referral.service";

/**
 * GET referral/, PUT transfer_referral_balance/, POST referral_payment_request/
 * (operations `getReferral`, `transferReferralBalance`, `requestReferralPayment`;
 * docs/money.md "Referral").
 */
export async function referralRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createReferralService(context);

  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    defineRoute(routes, endpoints.getReferral, async (request) => service.info(request.userId));

    defineRoute(routes, endpoints.transferReferralBalance, async (request) =>
      service.transfer(request.userId, request.body.amount),
    );

    defineRoute(routes, endpoints.requestReferralPayment, async (request, reply) =>
      reply.status(201).send(await service.requestPayment(request.userId, request.body)),
    );
  });
}
