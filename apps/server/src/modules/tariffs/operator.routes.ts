import { operatorEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { defineRoute } from "../../plugins/define-route";
import { createOperatorService } from "./operator.service";
import { isOperatorKey, OPERATOR_KEY_HEADER, readOrCreateOperatorKey } from "./operator-key";

/**
 * POST operator/credit/, POST operator/withdrawal/{id}/ and the catalogue's GET/POST
 * operator/tariffs/, PATCH operator/tariffs/{id}/ (operations `operatorCredit`,
 * `operatorDecideWithdrawal`, `operatorListTariffs`, `operatorCreateTariff`,
 * `operatorUpdateTariff`; docs/money.md "Operator"): only with
 * the key from DATA_DIR/operator-key in the X-Operator-Key header; `npm run operator` calls it.
 */
export async function operatorRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const key = readOrCreateOperatorKey(context.config.dataDir);
  const service = createOperatorService(context);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = async (request: FastifyRequest) => {
    if (!isOperatorKey(key, request.headers[OPERATOR_KEY_HEADER])) {
      throw new AppError("permission_denied");
    }
  };

  defineRoute(
    routes,
    endpoints.operatorDecideWithdrawal,
    async (request) => service.decideWithdrawal(request.params.id, request.body.decision),
    { onRequest },
  );

  defineRoute(routes, endpoints.operatorCredit, async (request) => service.credit(request.body), {
    onRequest,
  });

  defineRoute(routes, endpoints.operatorListTariffs, async () => service.tariffs(), { onRequest });

  defineRoute(
    routes,
    endpoints.operatorCreateTariff,
    async (request, reply) => reply.code(201).send(await service.addTariff(request.body)),
    { onRequest },
  );

  defineRoute(
    routes,
    endpoints.operatorUpdateTariff,
    async (request) => service.changeTariff(request.params.id, request.body),
    { onRequest },
  );
}
