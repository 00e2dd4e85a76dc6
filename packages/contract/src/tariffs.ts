import { z } from "zod";
import { idSchema, timestampSchema } from "./quiz-common";

/**
 * Money: tariffs, balance and the operator's credit (operations `listTariffs`,
 * `getTariffInfo`, `buyTariffFromBalance`, `operatorCredit`; docs/money.md).
 * Amounts travel as decimal strings with two places ("12.50"); the server keeps cents.
 */

/** The largest amount one call moves: 1 000 000.00. */
export const MAX_AMOUNT_CENTS = 100_000_000;

/** A non-negative amount with at most two decimals, e.g. "12.50" or "12". */
export const amountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter an amount such as 12.50")
  .meta({ example: "12.50" });

/** Cents of an amount string that passed `amountSchema`. */
export function amountToCents(amount: string): number {
  const [whole = "0", fraction = ""] = amount.trim().split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** The decimal string of an amount in cents ("12.50"). */
export function centsToAmount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const money = z.string().meta({ example: "12.50" });
const count = z.int32().min(0);

export const tariffSchema = z.object({
  id: idSchema,
  title: z.string(),
  period_months: z.int32().min(1).max(36),
  projects_per_month: count,
  requests_per_month: count,
  price: money,
  auto_detect: z.boolean(),
});
export type Tariff = z.infer<typeof tariffSchema>;
export const tariffListSchema = z.array(tariffSchema);

export const tariffInfoSchema = z.object({
  tariff: z.object({ id: idSchema, title: z.string(), is_trial: z.boolean() }).nullable(),
  ends_at: timestampSchema.nullable(),
  is_active: z.boolean(),
  projects_used: count,
  projects_limit: count,
  requests_used: count,
  requests_limit: count,
  balance: money,
  referral_balance: money,
});
export type TariffInfo = z.infer<typeof tariffInfoSchema>;

export const buyTariffSchema = z.object({ tariff: idSchema });
export type BuyTariff = z.infer<typeof buyTariffSchema>;

/** The operator's credit of an account's balance (`npm run operator -- credit`). */
export const operatorCreditSchema = z.object({
  email: z.email().max(254),
  amount: amountSchema,
  reason: z.string().trim().min(1).max(500),
});
export type OperatorCredit = z.infer<typeof operatorCreditSchema>;
export const operatorCreditResultSchema = z.object({ user: idSchema, balance: money });

/** A tariff as the operator sees it: also the trial, whether it is on sale, its place. */
export const operatorTariffSchema = tariffSchema.extend({
  is_trial: z.boolean(),
  on_sale: z.boolean(),
  sort: z.int32().min(0).max(10_000),
});
export type OperatorTariff = z.infer<typeof operatorTariffSchema>;
export const operatorTariffListSchema = z.array(operatorTariffSchema);

/**
 * `POST operator/tariffs/` adds a tariff (`npm run operator -- tariff add`); `PATCH
 * operator/tariffs/{id}/` changes the fields given (`tariff set`). A tariff is never
 * deleted (accounts hold it): `on_sale: false` takes it out of the catalogue.
 */
export const operatorTariffCreateSchema = z.object({
  title: z.string().trim().min(1).max(100),
  period_months: z.int32().min(1).max(36),
  projects_per_month: z.int32().min(0).max(100_000),
  requests_per_month: z.int32().min(0).max(10_000_000),
  price: amountSchema,
  auto_detect: z.boolean().default(false),
  on_sale: z.boolean().default(true),
  sort: z.int32().min(0).max(10_000).default(0),
});
export type OperatorTariffCreate = z.infer<typeof operatorTariffCreateSchema>;
export const operatorTariffUpdateSchema = z
  .object({
    title: z.string().trim().min(1).max(100),
    period_months: z.int32().min(1).max(36),
    projects_per_month: z.int32().min(0).max(100_000),
    requests_per_month: z.int32().min(0).max(10_000_000),
    price: amountSchema,
    auto_detect: z.boolean(),
    on_sale: z.boolean(),
    sort: z.int32().min(0).max(10_000),
  })
  .partial();
export type OperatorTariffUpdate = z.infer<typeof operatorTariffUpdateSchema>;

/** Payment providers: 0 the manual one (pay the operator), 1 card (Stripe), 14 PayPal. */
export const PAYMENT_PROVIDER_MANUAL = 0;
export const PAYMENT_PROVIDER_CARD = 1;
export const PAYMENT_PROVIDER_PAYPAL = 14;

/** `GET payment-providers/`: the providers this server offers, the preferred first. */
export const paymentProvidersSchema = z.object({
  providers: z.array(z.int32().min(0).max(99)),
});
export type PaymentProviders = z.infer<typeof paymentProvidersSchema>;

/** What a provider's notification call is answered. */
export const paymentNotificationResultSchema = z.object({ received: z.literal(true) });

/** `GET tarifflinks/`: a top-up of `amount`, or the price of `tariff`. */
export const tariffLinksQuerySchema = z
  .object({
    provider: z.coerce.number().int().min(0).max(99).optional(),
    amount: amountSchema.optional(),
    tariff: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  })
  .refine((q) => (q.amount === undefined) !== (q.tariff === undefined), {
    message: "amount_or_tariff",
    path: ["amount"],
  });
export type TariffLinksQuery = z.infer<typeof tariffLinksQuerySchema>;
export const tariffLinksSchema = z.array(
  z.object({ link: z.string(), provider: z.int32().min(0).max(99) }),
);
export type TariffLinks = z.infer<typeof tariffLinksSchema>;

/** The least a referral withdrawal may ask for, in cents (100.00). */
export const MIN_WITHDRAWAL_CENTS = 10_000;

export const referralTransferSchema = z.object({ amount: amountSchema });
export type ReferralTransfer = z.infer<typeof referralTransferSchema>;
export const referralTransferResultSchema = z.object({ balance: money, referral_balance: money });

/** `POST referral_payment_request/`: method 1 PayPal (e-mail), 2 card (number). */
export const withdrawalRequestSchema = z.object({
  data: z.object({
    method: z.union([z.literal(1), z.literal(2)]),
    amount: amountSchema,
    paypal_email: z.email().max(254).optional(),
    card_number: z
      .string()
      .trim()
      .regex(/^[0-9 -]{12,23}$/, "Enter the card number")
      .optional(),
    receiver_name: z.string().trim().min(1).max(200),
  }),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

export const withdrawalSchema = z.object({
  id: idSchema,
  method: z.int32().min(1).max(2),
  amount: money,
  status: z.enum(["pending", "paid", "rejected"]),
  /** The PayPal address, or the card masked (`•••• 4242`). */
  destination: z.string(),
  created_at: timestampSchema,
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const referralInfoSchema = z.object({
  code: z.string(),
  link: z.string(),
  percentage: z.int32().min(0).max(100),
  invited_count: z.int32().min(0),
  referral_balance: money,
  requests: z.array(withdrawalSchema),
});
export type ReferralInfo = z.infer<typeof referralInfoSchema>;

/** The operator's decision on a withdrawal request (`npm run operator -- withdrawal`). */
export const withdrawalDecisionSchema = z.object({ decision: z.enum(["paid", "rejected"]) });
export type WithdrawalDecision = z.infer<typeof withdrawalDecisionSchema>;
