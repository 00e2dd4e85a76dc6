import {
  apiPaths,
  errorBodySchema,
  idParamsSchema,
  operatorCreditResultSchema,
  operatorCreditSchema,
  operatorTariffCreateSchema,
  operatorTariffListSchema,
  operatorTariffSchema,
  operatorTariffUpdateSchema,
  validationErrorBodySchema,
  withdrawalDecisionSchema,
  withdrawalSchema,
} from "@leadquiz/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { AppError } from "../../lib/app-error";
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

  routes.post(
    apiPaths.operatorWithdrawal(":id"),
    {
      onRequest,
      schema: {
        tags: ["money"],
        summary: "Pays or rejects a referral withdrawal request (operator only)",
        description:
          "Once per request (404 when it is unknown or already decided); a rejection releases " +
          "the held amount to the referral funds.",
        params: idParamsSchema,
        body: withdrawalDecisionSchema,
        response: {
          200: withdrawalSchema,
          400: validationErrorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => service.decideWithdrawal(request.params.id, request.body.decision),
  );

  routes.post(
    apiPaths.operatorCredit,
    {
      onRequest,
      schema: {
        tags: ["money"],
        summary: "Credits an account's balance (operator only)",
        description:
          "For payments made outside the product (the manual provider). Needs the key of " +
          "DATA_DIR/operator-key in `X-Operator-Key`; 403 without it. Recorded in the ledger " +
          "with the reason.",
        body: operatorCreditSchema,
        response: {
          200: operatorCreditResultSchema,
          400: validationErrorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request) => service.credit(request.body),
  );

  routes.get(
    apiPaths.operatorTariffs,
    {
      onRequest,
      schema: {
        tags: ["money"],
        summary: "The whole tariff catalogue (operator only)",
        description: "Also the trial and the tariffs taken off sale, in the catalogue's order.",
        response: { 200: operatorTariffListSchema, 403: errorBodySchema },
      },
    },
    async () => service.tariffs(),
  );

  routes.post(
    apiPaths.operatorTariffs,
    {
      onRequest,
      schema: {
        tags: ["money"],
        summary: "Adds a tariff to the catalogue (operator only)",
        description: "On sale at once unless `on_sale` is false; `tariffs/` lists it.",
        body: operatorTariffCreateSchema,
        response: {
          201: operatorTariffSchema,
          400: validationErrorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await service.addTariff(request.body)),
  );

  routes.patch(
    apiPaths.operatorTariff(":id"),
    {
      onRequest,
      schema: {
        tags: ["money"],
        summary: "Changes a tariff of the catalogue (operator only)",
        description:
          "Only the fields given. A change applies to purchases from then on; accounts " +
          "holding the tariff keep their end date. `on_sale: false` takes it out of " +
          "`tariffs/` and refuses new purchases (a payment already made still buys it).",
        params: idParamsSchema,
        body: operatorTariffUpdateSchema,
        response: {
          200: operatorTariffSchema,
          400: validationErrorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => service.changeTariff(request.params.id, request.body),
  );
}
