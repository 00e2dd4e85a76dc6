import {
  apiPaths,
  errorBodySchema,
  referralInfoSchema,
  referralTransferResultSchema,
  referralTransferSchema,
  validationErrorBodySchema,
  withdrawalRequestSchema,
  withdrawalSchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { createReferralService } from "./referral.service";

const tags = ["money"];
const errors = { 401: errorBodySchema };

/**
 * GET referral/, PUT transfer_referral_balance/, POST referral_payment_request/
 * (operations `getReferral`, `transferReferralBalance`, `requestReferralPayment`;
 * docs/money.md "Referral").
 */
export async function referralRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createReferralService(context);

  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      apiPaths.referral,
      {
        schema: {
          tags,
          summary: "The account's referral code, link, invitees and funds",
          description: "`requests` are the withdrawal requests, newest first.",
          response: { 200: referralInfoSchema, ...errors },
        },
      },
      async (request) => service.info(request.userId),
    );

    routes.put(
      apiPaths.transferReferralBalance,
      {
        schema: {
          tags,
          summary: "Moves referral funds into the balance",
          description: '400 "Transfer amount exceeds balance" beyond the referral funds.',
          body: referralTransferSchema,
          response: {
            200: referralTransferResultSchema,
            400: validationErrorBodySchema,
            ...errors,
          },
        },
      },
      async (request) => service.transfer(request.userId, request.body.amount),
    );

    routes.post(
      apiPaths.referralPaymentRequest,
      {
        schema: {
          tags,
          summary: "Asks to withdraw referral funds",
          description:
            "At least 100.00; method 1 PayPal (`paypal_email`), 2 card (`card_number`, Luhn " +
            "checked, stored encrypted, shown masked). The amount is held until the operator " +
            "pays or rejects the request.",
          body: withdrawalRequestSchema,
          response: { 201: withdrawalSchema, 400: validationErrorBodySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.requestPayment(request.userId, request.body)),
    );
  });
}
