import { z } from "zod";
import { errorBodySchema, validationErrorBodySchema } from "../errors";
import { paymentNotificationResultSchema } from "../tariffs";
import { endpoint } from "./endpoint";

const tags = ["money"];

const providerParams = z.object({ provider: z.coerce.number().int().min(0).max(99) });

/** What PayPal adds to the return address: `token` is the order id. */
const returnQuery = z
  .object({ token: z.string().max(64), PayerID: z.string().max(64) })
  .partial()
  .loose();

/** The operations of apps/server's payments.routes.ts (docs/api.md). */
export const paymentsEndpoints = {
  receivePaymentNotification: endpoint({
    method: "POST",
    path: "/payments/{provider}/webhook/",
    operationId: "receivePaymentNotification",
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
    responses: {
      200: paymentNotificationResultSchema,
      400: validationErrorBodySchema,
      401: errorBodySchema,
      404: errorBodySchema,
      503: errorBodySchema,
    },
  }),
  returnFromPayment: endpoint({
    method: "GET",
    path: "/payments/{provider}/return/",
    operationId: "returnFromPayment",
    tags,
    summary: "The payer back from the provider's page: 302 to the web app",
    description:
      "PayPal (14) returns here with `token` (the order): the approved order is captured " +
      "and credited, then the browser lands on `/balance/my-rate?payment=done`, or on " +
      "`/balance/pay?payment=failed` when nothing was paid.",
    params: providerParams,
    query: returnQuery,
    redirect:
      "To the web app's /balance/my-rate?payment=done when the payment is confirmed, else /balance/pay?payment=failed",
    errors: [400, 404],
  }),
} as const;
