import {
  apiPaths,
  buyTariffSchema,
  errorBodySchema,
  paymentProvidersSchema,
  tariffInfoSchema,
  tariffLinksQuerySchema,
  tariffLinksSchema,
  tariffListSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { createTariffsService } from "./tariffs.service";

const tags = ["money"];
const errors = { 401: errorBodySchema };

/**
 * GET tariffs/, GET tariffinfo/, POST buy-tariff-from-balance/ (operations `listTariffs`,
 * `getTariffInfo`, `buyTariffFromBalance`; docs/money.md).
 */
export async function tariffsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createTariffsService(context);

  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      apiPaths.tariffs,
      {
        schema: {
          tags,
          summary: "The tariffs on sale",
          description: "Cheapest first; prices are decimal strings in US dollars.",
          response: { 200: tariffListSchema, ...errors },
        },
      },
      async () => service.list(),
    );

    routes.get(
      apiPaths.tariffInfo,
      {
        schema: {
          tags,
          summary: "The account's tariff, its usage and balances",
          description:
            "A new account holds the trial tariff. `projects_used` counts the projects " +
            "created in the current tariff month; `requests_used` the leads opened.",
          response: { 200: tariffInfoSchema, ...errors },
        },
      },
      async (request) => service.info(request.userId),
    );

    routes.get(
      apiPaths.tariffLinks,
      {
        schema: {
          tags,
          summary: "The payment page of a top-up or a tariff",
          description:
            "`amount` tops the balance up; `tariff` pays that tariff's price. `provider` 0 is " +
            "the manual one (the page explains how to pay the operator), the default when " +
            "no other is configured.",
          querystring: tariffLinksQuerySchema,
          response: {
            200: tariffLinksSchema,
            400: validationErrorBodySchema,
            404: errorBodySchema,
            ...errors,
          },
        },
      },
      async (request) => service.links(request.userId, request.query),
    );

    routes.get(
      apiPaths.paymentProviders,
      {
        schema: {
          tags,
          summary: "The payment providers this server offers",
          description:
            "The preferred first: 1 card (Stripe) and 14 PayPal when configured, else 0 " +
            "(the manual one). The numbers are `tarifflinks/?provider=`.",
          response: { 200: paymentProvidersSchema, ...errors },
        },
      },
      async () => service.providers(),
    );

    routes.post(
      apiPaths.buyTariffFromBalance,
      {
        schema: {
          tags,
          summary: "Buys a tariff with the balance",
          description:
            "Debits the price; bought while the current tariff runs, the new period starts " +
            'at its end. 400 `insufficient_funds` ("Insufficient funds on balance").',
          body: buyTariffSchema,
          response: {
            200: tariffInfoSchema,
            400: validationErrorBodySchema.or(errorBodySchema),
            404: errorBodySchema,
            ...errors,
          },
        },
      },
      async (request) => service.buyFromBalance(request.userId, request.body.tariff),
    );
  });
}
