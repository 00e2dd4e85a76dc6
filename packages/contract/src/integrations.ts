import { z } from "zod";
import type { CredentialField } from "./credential-fields";
import { emailField } from "./fields";
import { integrationTargets, type TargetKeyOfKind, targetKeysOfKind } from "./integration-targets";
import { idSchema, timestampSchema, URL_MAX_LENGTH } from "./quiz-common";

/**
 * Lead delivery (docs/api.md "Lead delivery"): the integrations of a quiz, its delivery log
 * and test leads. Secrets are write-only: answers mask them (`"****a1b2"`, a webhook's URL
 * as `"https://****.zapier.com/****c1d2"`), except the webhook signing secret, shown in full
 * on creation and rotation only.
 */

/** The last try of an integration's latest delivery, or null before the first lead. */
export const lastDeliverySchema = z
  .object({ at: timestampSchema.nullable(), status: z.string(), error: z.string().nullable() })
  .nullable();

const integrationCommon = {
  id: z.int32(),
  quiz: z.int32(),
  is_enabled: z.boolean(),
  /** Why the pipeline switched it off (`gone`: the webhook answered 410), else null. */
  disabled_reason: z.string().nullable(),
  created_at: timestampSchema,
  last_delivery: lastDeliverySchema,
  /** When its current stretch of failed tries began; null while it delivers. */
  failing_since: timestampSchema.nullable(),
};

/** A webhook URL: a full http(s) address (https unless the server allows private networks). */
export const webhookUrlField = z
  .string()
  .trim()
  .max(URL_MAX_LENGTH, { message: "too_long" })
  .refine((value) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value), {
    message: "invalid_url",
  });

export const webhookIntegrationSchema = z.object({
  ...integrationCommon,
  /** Masked (`"https://****.zapier.com/****c1d2"`): a webhook URL often carries a token. */
  url: z.string(),
  /** Masked (`"****a1b2"`); the full secret is only in create and rotate answers. */
  secret: z.string(),
});
export type WebhookIntegration = z.infer<typeof webhookIntegrationSchema>;
export const webhookIntegrationListSchema = z.array(webhookIntegrationSchema);

/** `POST webhook-integration/`. */
export const webhookIntegrationCreateSchema = z.object({
  quiz: idSchema,
  url: webhookUrlField,
  is_enabled: z.boolean().optional(),
});
export type WebhookIntegrationCreate = z.infer<typeof webhookIntegrationCreateSchema>;

/** `PATCH webhook-integration/{id}/`. */
export const webhookIntegrationUpdateSchema = z.object({
  url: webhookUrlField.optional(),
  is_enabled: z.boolean().optional(),
});
export type WebhookIntegrationUpdate = z.infer<typeof webhookIntegrationUpdateSchema>;

/** `POST webhook-integration/quiz/{quiz}/set_enabled/`. */
export const setEnabledSchema = z.object({ is_enabled: z.boolean() });
export type SetEnabled = z.infer<typeof setEnabledSchema>;

export const emailIntegrationSchema = z.object({ ...integrationCommon, email: z.string() });
export type EmailIntegration = z.infer<typeof emailIntegrationSchema>;
export const emailIntegrationListSchema = z.array(emailIntegrationSchema);

/** `POST integration/email/create/`. */
export const emailIntegrationCreateSchema = z.object({ quiz: idSchema, email: emailField });
export type EmailIntegrationCreate = z.infer<typeof emailIntegrationCreateSchema>;

/**
 * `skipped`: the lead is not for that target (a mailing list and a lead without e-mail);
 * `awaiting_requests`: the account has no request left for the lead, it goes once requests
 * are bought (docs/delivery.md "Waiting for requests"); `held`: the lead came over the
 * per-address rate, it goes once the owner lets it through (docs/delivery.md "Held leads").
 */
export const deliveryStatuses = [
  "pending",
  "retrying",
  "delivered",
  "failed",
  "skipped",
  "awaiting_requests",
  "held",
] as const;
export const deliveryStatusSchema = z.enum(deliveryStatuses);
export type DeliveryStatusName = z.infer<typeof deliveryStatusSchema>;

export const deliverySchema = z.object({
  id: z.int32(),
  lead: z.int32(),
  integration: z.int32(),
  target: z.string(),
  status: deliveryStatusSchema,
  attempts: z.int32(),
  last_status_code: z.int32().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: timestampSchema.nullable(),
  delivered_at: timestampSchema.nullable(),
  created_at: timestampSchema,
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryPageSchema = z.object({
  count: z.int32(),
  next: z.string().nullable(),
  results: z.array(deliverySchema),
});
export type DeliveryPage = z.infer<typeof deliveryPageSchema>;

/** `GET quiz/{id}/deliveries/?cursor=&status=&integration=&limit=`. */
export const deliveryLogQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,18}$/)
    .meta({ example: "120" })
    .optional(),
  status: deliveryStatusSchema.optional(),
  integration: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type DeliveryLogQuery = z.infer<typeof deliveryLogQuerySchema>;

/** `POST integration/{id}/test/`: what the target answered to a test lead. */
export const testLeadResultSchema = z.object({
  ok: z.boolean(),
  status_code: z.int32().nullable(),
  /** What went wrong, or null. */
  error: z.string().nullable(),
  /** The start of the target's answer (HTTP body), or "" when it has none. */
  response: z.string(),
});
export type TestLeadResult = z.infer<typeof testLeadResultSchema>;

/**
 * The targets connected with credentials, one record per quiz, each described by its fields
 * in `integrationTargets` (integration-targets.ts): `bitrix24/`, `keycrm/`, `pipedrive/`,
 * `salesdrive/`, `get-response-integration/`, `mailchimp-integration/`,
 * `sendpulse-integration/`. Creating one checks the credentials against the target once
 * (400 with the target's reason).
 */
export type CredentialTargetName = TargetKeyOfKind<"credentials">;
export const credentialTargetNames = targetKeysOfKind("credentials");
/** Each credential target's fields. */
export const credentialTargetFields = Object.fromEntries(
  credentialTargetNames.map((name) => [name, integrationTargets[name].connect.fields]),
) as unknown as Record<CredentialTargetName, readonly CredentialField[]>;

/** A connection of a credential target: the common fields and the target's own. */
export type CredentialRecord = z.infer<typeof credentialCommonSchema> &
  Record<string, string | number | boolean | null | object>;
const credentialCommonSchema = z.object(integrationCommon);

/** The create, update and answer schemas of a credential target, built from its fields. */
function credentialSchemas(fields: readonly CredentialField[]) {
  const create: Record<string, z.ZodType> = {};
  const update: Record<string, z.ZodType> = {};
  const answer: Record<string, z.ZodType> = {};
  for (const field of fields) {
    create[field.name] = field.required ? field.input : field.input.nullable().optional();
    update[field.name] = (field.required ? field.input : field.input.nullable()).optional();
    const answered = field.integer ? z.int32() : z.string();
    answer[field.name] = field.required || field.secret ? answered : answered.nullable();
  }
  return {
    // The shape is built at run time, so its type is spelled out here.
    create: z.object({ quiz: idSchema }).extend(create) as unknown as z.ZodType<
      { quiz: number } & Record<string, unknown>
    >,
    update: z.object(update).extend({ is_enabled: z.boolean().optional() }),
    answer: credentialCommonSchema.extend(answer) as unknown as z.ZodType<CredentialRecord>,
  };
}

/** Every credential target's schemas, by target (the routes and the app use them). */
export const credentialTargetSchemas = Object.fromEntries(
  credentialTargetNames.map((name) => [name, credentialSchemas(credentialTargetFields[name])]),
) as Record<CredentialTargetName, ReturnType<typeof credentialSchemas>>;

/** `bitrix24/`: `webhook_url` holds the key, so it is answered masked. */
export const bitrix24IntegrationSchema = credentialTargetSchemas.bitrix24.answer;
export const bitrix24IntegrationCreateSchema = credentialTargetSchemas.bitrix24.create;
export const bitrix24IntegrationUpdateSchema = credentialTargetSchemas.bitrix24.update;
/** `keycrm/`: leads become pipeline cards. `api_token` is answered masked. */
export const keycrmIntegrationSchema = credentialTargetSchemas.keycrm.answer;
export const keycrmIntegrationCreateSchema = credentialTargetSchemas.keycrm.create;
export const keycrmIntegrationUpdateSchema = credentialTargetSchemas.keycrm.update;

/**
 * `telegram-integration/`: one per quiz; leads go to the chat the owner bound by pressing
 * Start in the bot. `chat_id` is Telegram's id of the chat (a string: groups are negative
 * and long), `chat_title` its name or @username.
 */
export const telegramIntegrationSchema = z.object({
  ...integrationCommon,
  chat_id: z.string(),
  chat_title: z.string(),
});
export type TelegramIntegration = z.infer<typeof telegramIntegrationSchema>;

/** `POST telegram-integration/`: connects the chat bound by the quiz's start link. */
export const telegramIntegrationCreateSchema = z.object({ quiz: idSchema });
export type TelegramIntegrationCreate = z.infer<typeof telegramIntegrationCreateSchema>;

/** `PATCH telegram-integration/{quiz}/`. */
export const telegramIntegrationUpdateSchema = z.object({ is_enabled: z.boolean().optional() });

/** The 404 of `GET telegram-integration/{quiz}/`: the bot's start link while not connected. */
export const telegramConnectSchema = z.object({
  detail: z.string(),
  code: z.string(),
  connect_url: z.string().optional(),
});

/** The CRMs connected by OAuth 2.0 (docs/delivery.md, "OAuth targets"). */
export type OAuthProviderName = TargetKeyOfKind<"oauth">;
export const oauthProviders = targetKeysOfKind("oauth") as [
  OAuthProviderName,
  ...OAuthProviderName[],
];

/** `GET oauth/targets/`: true for each provider this server has an app (a client id) for. */
export const oauthTargetsSchema = z.object(
  Object.fromEntries(oauthProviders.map((provider) => [provider, z.boolean()])),
) as unknown as z.ZodObject<Record<OAuthProviderName, z.ZodBoolean>>;
export type OAuthTargets = z.infer<typeof oauthTargetsSchema>;

/** `hubspot/auth-link/{quiz}/`, `salesforce/auth-url/{quiz}`, `zoho/auth-url/{quiz}`. */
export const oauthLinkSchema = z.object({ link: z.string() });
export type OAuthLink = z.infer<typeof oauthLinkSchema>;

/**
 * `{provider}/{quiz}/`: a quiz's connection. Tokens are never answered; `account` is where
 * leads go (Salesforce's instance, Zoho's API domain), null for HubSpot.
 * `disabled_reason: "reauthorise"`: the provider refused the refresh token; connect again.
 */
export const oauthIntegrationSchema = z.object({
  ...integrationCommon,
  provider: z.enum(oauthProviders),
  account: z.string().nullable(),
});
export type OAuthIntegration = z.infer<typeof oauthIntegrationSchema>;
