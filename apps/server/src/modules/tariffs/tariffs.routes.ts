import { tariffsEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { createTariffsService } from "./tariffs.service";

/**
 * GET tariffs/, GET tariffinfo/, POST buy-tariff-from-balance/ (operations `listTariffs`,
 * `getTariffInfo`, `buyTariffFromBalance`; docs/money.md).
 */
export async function tariffsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createTariffsService(context);

  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    defineRoute(routes, endpoints.listTariffs, async () => service.list());

    defineRoute(routes, endpoints.getTariffInfo, async (request) => service.info(request.userId));

    defineRoute(routes, endpoints.getPaymentLinks, async (request) =>
      service.links(request.userId, request.query),
    );

    defineRoute(routes, endpoints.listPaymentProviders, async () => service.providers());

    defineRoute(routes, endpoints.buyTariffFromBalance, async (request) =>
      service.buyFromBalance(request.userId, request.body.tariff),
    );
  });
}
