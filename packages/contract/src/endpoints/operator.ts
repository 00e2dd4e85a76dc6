import { errorBodySchema, validationErrorBodySchema } from "../errors";
import { idParamsSchema } from "../quiz-common";
import {
  operatorCreditResultSchema,
  operatorCreditSchema,
  operatorTariffCreateSchema,
  operatorTariffListSchema,
  operatorTariffSchema,
  operatorTariffUpdateSchema,
  withdrawalDecisionSchema,
  withdrawalSchema,
} from "../tariffs";
import { endpoint } from "./endpoint";

/** The operations of apps/server's operator.routes.ts (docs/api.md). */
export const operatorEndpoints = {
  operatorDecideWithdrawal: endpoint({
    method: "POST",
    path: "/operator/withdrawal/{id}/",
    operationId: "operatorDecideWithdrawal",
    tags: ["money"],
    summary: "Pays or rejects a referral withdrawal request (operator only)",
    description:
      "Once per request (404 when it is unknown or already decided); a rejection releases " +
      "the held amount to the referral funds.",
    params: idParamsSchema,
    body: withdrawalDecisionSchema,
    responses: {
      200: withdrawalSchema,
      400: validationErrorBodySchema,
      403: errorBodySchema,
      404: errorBodySchema,
    },
  }),
  operatorCredit: endpoint({
    method: "POST",
    path: "/operator/credit/",
    operationId: "operatorCredit",
    tags: ["money"],
    summary: "Credits an account's balance (operator only)",
    description:
      "For payments made outside the product (the manual provider). Needs the key of " +
      "DATA_DIR/operator-key in `X-Operator-Key`; 403 without it. Recorded in the ledger " +
      "with the reason.",
    body: operatorCreditSchema,
    responses: {
      200: operatorCreditResultSchema,
      400: validationErrorBodySchema,
      403: errorBodySchema,
    },
  }),
  operatorListTariffs: endpoint({
    method: "GET",
    path: "/operator/tariffs/",
    operationId: "operatorListTariffs",
    tags: ["money"],
    summary: "The whole tariff catalogue (operator only)",
    description: "Also the trial and the tariffs taken off sale, in the catalogue's order.",
    responses: { 200: operatorTariffListSchema, 403: errorBodySchema },
  }),
  operatorCreateTariff: endpoint({
    method: "POST",
    path: "/operator/tariffs/",
    operationId: "operatorCreateTariff",
    tags: ["money"],
    summary: "Adds a tariff to the catalogue (operator only)",
    description: "On sale at once unless `on_sale` is false; `tariffs/` lists it.",
    body: operatorTariffCreateSchema,
    responses: {
      201: operatorTariffSchema,
      400: validationErrorBodySchema,
      403: errorBodySchema,
    },
  }),
  operatorUpdateTariff: endpoint({
    method: "PATCH",
    path: "/operator/tariffs/{id}/",
    operationId: "operatorUpdateTariff",
    tags: ["money"],
    summary: "Changes a tariff of the catalogue (operator only)",
    description:
      "Only the fields given. A change applies to purchases from then on; accounts " +
      "holding the tariff keep their end date. `on_sale: false` takes it out of " +
      "`tariffs/` and refuses new purchases (a payment already made still buys it).",
    params: idParamsSchema,
    body: operatorTariffUpdateSchema,
    responses: {
      200: operatorTariffSchema,
      400: validationErrorBodySchema,
      403: errorBodySchema,
      404: errorBodySchema,
    },
  }),
} as const;
