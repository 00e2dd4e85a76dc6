import { paymentsEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../../app-context";
import { AppError } from "../../../lib/app-error";
import { defineRoute } from "../../../plugins/define-route";
import { createPaymentsService } from "./payments.service";

/** A provider's notification is small; anything bigger is not one. */
const NOTIFICATION_BODY_LIMIT = 256 * 1024;

/**
 * The providers' calls (no account; docs/money.md "Payments"): POST
 * payments/{provider}/webhook/ (a signed notification) and GET payments/{provider}/return/
 * (the payer's browser back from the provider's page).
 */
export async function paymentsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createPaymentsService(context);
  const { publicUrl } = context.config;

  await app.register(async (scope) => {
    // The signature covers the raw bytes: the body reaches the provider untouched.
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: NOTIFICATION_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    defineRoute(routes, endpoints.receivePaymentNotification, async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await service.notification(request.params.provider, { headers: request.headers, body });
      return { received: true as const };
    });
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  defineRoute(routes, endpoints.returnFromPayment, async (request, reply) => {
    const query = Object.fromEntries(
      Object.entries(request.query).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
    let paid = false;
    try {
      paid = await service.returned(request.params.provider, query);
    } catch (error) {
      if (!(error instanceof AppError) || error.code === "not_found") throw error;
      request.log.warn({ code: error.code }, "a payment return could not be confirmed");
    }
    const location = paid
      ? `${publicUrl}/balance/my-rate?payment=done`
      : `${publicUrl}/balance/pay?payment=failed`;
    return reply.header("cache-control", "no-store").redirect(location, 302);
  });
}
