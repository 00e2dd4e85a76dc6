import {
  apiPaths,
  errorBodySchema,
  idParamsSchema,
  operatorCreditResultSchema,
  operatorCreditSchema,
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
 * POST operator/credit/ and POST operator/withdrawal/{id}/ (operations `operatorCredit`,
 * `operatorDecideWithdrawal`; docs/money.md "Operator"): only with
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
}
