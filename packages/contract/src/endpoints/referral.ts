import { errorBodySchema, validationErrorBodySchema } from "../errors";
import {
  referralInfoSchema,
  referralTransferResultSchema,
  referralTransferSchema,
  withdrawalRequestSchema,
  withdrawalSchema,
} from "../tariffs";
import { endpoint } from "./endpoint";

const tags = ["money"];

const errors = { 401: errorBodySchema };

/** The operations of apps/server's referral.routes.ts (docs/api.md). */
export const referralEndpoints = {
  getReferral: endpoint({
    method: "GET",
    path: "/referral/",
    operationId: "getReferral",
    tags,
    summary: "The account's referral code, link, invitees and funds",
    description: "`requests` are the withdrawal requests, newest first.",
    responses: { 200: referralInfoSchema, ...errors },
  }),
  transferReferralBalance: endpoint({
    method: "PUT",
    path: "/transfer_referral_balance/",
    operationId: "transferReferralBalance",
    tags,
    summary: "Moves referral funds into the balance",
    description: '400 "Transfer amount exceeds balance" beyond the referral funds.',
    body: referralTransferSchema,
    responses: {
      200: referralTransferResultSchema,
      400: validationErrorBodySchema,
      ...errors,
    },
  }),
  requestReferralPayment: endpoint({
    method: "POST",
    path: "/referral_payment_request/",
    operationId: "requestReferralPayment",
    tags,
    summary: "Asks to withdraw referral funds",
    description:
      "At least 100.00; method 1 PayPal (`paypal_email`), 2 card (`card_number`, Luhn " +
      "checked, stored encrypted, shown masked). The amount is held until the operator " +
      "pays or rejects the request.",
    body: withdrawalRequestSchema,
    responses: { 201: withdrawalSchema, 400: validationErrorBodySchema, ...errors },
  }),
} as const;
