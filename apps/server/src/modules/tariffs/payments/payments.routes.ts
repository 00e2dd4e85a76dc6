import {
  apiPaths,
  errorBodySchema,
  paymentNotificationResultSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../../app-context";
import { AppError } from "../../../lib/app-error";
import { createPaymentsService } from "./payments.service";

const tags = ["money"];
const providerParams = z.object({ provider: z.coerce.number().int().min(0).max(99) });
/** What PayPal adds to the return address: `token` is the order id. */
const returnQuery = z
  .object({ token: z.string().max(64), PayerID: z.string().max(64) })
  .partial()
  .loose();
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

    routes.post(
      apiPaths.paymentWebhook(":provider"),
      {
        schema: {
          tags,
          summary: "A payment provider's signed notification",
          description:
            "Provider 1 (Stripe): `checkout.session.completed` and " +
            "`checkout.session.async_payment_succeeded`, signed in `Stripe-Signature`. " +
            "Provider 14 (PayPal): `PAYMENT.CAPTURE.COMPLETED` and `CHECKOUT.ORDER.APPROVED`, " +
            "checked with PayPal's verify-webhook-signature call. A confirmed payment credits " +
            "the balance once per provider payment id (and buys the tariff it pays); other " +
            "events are acknowledged. 401 for a notification that is not the provider's, " +
            "nothing changed; 503 when the provider could not be asked (it sends again).",
          params: providerParams,
          body: z.unknown().meta({ description: "The provider's event, as JSON" }),
          response: {
            200: paymentNotificationResultSchema,
            400: validationErrorBodySchema,
            401: errorBodySchema,
            404: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await service.notification(request.params.provider, { headers: request.headers, body });
        return { received: true as const };
      },
    );
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    apiPaths.paymentReturn(":provider"),
    {
      schema: {
        tags,
        summary: "The payer back from the provider's page: 302 to the web app",
        description:
          "PayPal (14) returns here with `token` (the order): the approved order is captured " +
          "and credited, then the browser lands on `/balance/my-rate?payment=done`, or on " +
          "`/balance/pay?payment=failed` when nothing was paid.",
        params: providerParams,
        querystring: returnQuery,
      },
    },
    async (request, reply) => {
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
    },
  );
}
