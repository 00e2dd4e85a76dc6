import { errorBodySchema, validationErrorBodySchema } from "../errors";
import {
  buyTariffSchema,
  paymentProvidersSchema,
  tariffInfoSchema,
  tariffLinksQuerySchema,
  tariffLinksSchema,
  tariffListSchema,
} from "../tariffs";
import { endpoint } from "./endpoint";

const tags = ["money"];

const errors = { 401: errorBodySchema };

/** The operations of apps/server's tariffs.routes.ts (docs/api.md). */
export const tariffsEndpoints = {
  listTariffs: endpoint({
    method: "GET",
    path: "/tariffs/",
    operationId: "listTariffs",
    tags,
    summary: "The tariffs on sale",
    description: "Cheapest first; prices are decimal strings in US dollars.",
    responses: { 200: tariffListSchema, ...errors },
  }),
  getTariffInfo: endpoint({
    method: "GET",
    path: "/tariffinfo/",
    operationId: "getTariffInfo",
    tags,
    summary: "The account's tariff, its usage and balances",
    description:
      "A new account holds the trial tariff. `projects_used` counts the projects " +
      "created in the current tariff month; `requests_used` the leads opened.",
    responses: { 200: tariffInfoSchema, ...errors },
  }),
  getPaymentLinks: endpoint({
    method: "GET",
    path: "/tarifflinks/",
    operationId: "getPaymentLinks",
    tags,
    summary: "The payment page of a top-up or a tariff",
    description:
      "`amount` tops the balance up; `tariff` pays that tariff's price. `provider` 0 is " +
      "the manual one (the page explains how to pay the operator), the default when " +
      "no other is configured.",
    query: tariffLinksQuerySchema,
    responses: {
      200: tariffLinksSchema,
      400: validationErrorBodySchema,
      404: errorBodySchema,
      ...errors,
    },
  }),
  listPaymentProviders: endpoint({
    method: "GET",
    path: "/payment-providers/",
    operationId: "listPaymentProviders",
    tags,
    summary: "The payment providers this server offers",
    description:
      "The preferred first: 1 card (Stripe) and 14 PayPal when configured, else 0 " +
      "(the manual one). The numbers are `tarifflinks/?provider=`.",
    responses: { 200: paymentProvidersSchema, ...errors },
  }),
  buyTariffFromBalance: endpoint({
    method: "POST",
    path: "/buy-tariff-from-balance/",
    operationId: "buyTariffFromBalance",
    tags,
    summary: "Buys a tariff with the balance",
    description:
      "Debits the price; bought while the current tariff runs, the new period starts " +
      'at its end. 400 `insufficient_funds` ("Insufficient funds on balance").',
    body: buyTariffSchema,
    responses: {
      200: tariffInfoSchema,
      400: validationErrorBodySchema.or(errorBodySchema),
      404: errorBodySchema,
      ...errors,
    },
  }),
} as const;
