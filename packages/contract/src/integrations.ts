import { z } from "zod";
import { emailField } from "./fields";
import { idSchema, timestampSchema, URL_MAX_LENGTH } from "./quiz-common";

/**
 * Lead delivery (docs/api.md "Lead delivery"): the integrations of a quiz, its delivery log
 * and test leads. Secrets are write-only: answers mask them (`"****a1b2"`), except the
 * webhook signing secret, shown in full on creation and rotation only.
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

export const deliveryStatuses = ["pending", "retrying", "delivered", "failed"] as const;
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

/** An inbound webhook of a Bitrix24 portal: `https://{portal}/rest/{user}/{code}/`. */
export const bitrix24WebhookUrlField = z
  .string()
  .trim()
  .max(URL_MAX_LENGTH, { message: "too_long" })
  .refine((value) => /^https?:\/\/[^/\s]+(\/\S*)?\/rest\/\d+\/[A-Za-z0-9_]+\/?$/.test(value), {
    message: "bitrix24_webhook_url",
  });

/** `bitrix24/`: one per quiz; `webhook_url` holds the key, so it is answered masked. */
export const bitrix24IntegrationSchema = z.object({
  ...integrationCommon,
  webhook_url: z.string(),
  responsible_id: z.int32().nullable(),
});
export type Bitrix24Integration = z.infer<typeof bitrix24IntegrationSchema>;

const responsibleIdField = z.int32().min(1).max(2_147_483_647).nullable();

/** `POST bitrix24/`: the webhook is checked against the portal once. */
export const bitrix24IntegrationCreateSchema = z.object({
  quiz: idSchema,
  webhook_url: bitrix24WebhookUrlField,
  responsible_id: responsibleIdField.optional(),
});
export type Bitrix24IntegrationCreate = z.infer<typeof bitrix24IntegrationCreateSchema>;

/** `PATCH bitrix24/{quiz}/`. */
export const bitrix24IntegrationUpdateSchema = z.object({
  webhook_url: bitrix24WebhookUrlField.optional(),
  responsible_id: responsibleIdField.optional(),
  is_enabled: z.boolean().optional(),
});
export type Bitrix24IntegrationUpdate = z.infer<typeof bitrix24IntegrationUpdateSchema>;

/** `keycrm/`: one per quiz; leads become pipeline cards. `api_token` is answered masked. */
export const keycrmIntegrationSchema = z.object({
  ...integrationCommon,
  api_token: z.string(),
  source_id: z.int32().nullable(),
});
export type KeycrmIntegration = z.infer<typeof keycrmIntegrationSchema>;

/** An API key: it travels in an HTTP header, so printable ASCII only (no spaces). */
const apiTokenField = z
  .string()
  .trim()
  .min(1, { message: "required" })
  .max(255, { message: "too_long" })
  .refine((token) => /^[\x21-\x7E]+$/.test(token), { message: "invalid_characters" });
const sourceIdField = z.int32().min(1).max(2_147_483_647).nullable();

/** `POST keycrm/`: the API key is checked against KeyCRM once. */
export const keycrmIntegrationCreateSchema = z.object({
  quiz: idSchema,
  api_token: apiTokenField,
  source_id: sourceIdField.optional(),
});
export type KeycrmIntegrationCreate = z.infer<typeof keycrmIntegrationCreateSchema>;

/** `PATCH keycrm/{quiz}/`. */
export const keycrmIntegrationUpdateSchema = z.object({
  api_token: apiTokenField.optional(),
  source_id: sourceIdField.optional(),
  is_enabled: z.boolean().optional(),
});
export type KeycrmIntegrationUpdate = z.infer<typeof keycrmIntegrationUpdateSchema>;

/** The CRMs connected by OAuth 2.0 (docs/delivery.md, "OAuth targets"). */
export const oauthProviders = ["hubspot", "salesforce", "zoho"] as const;
export type OAuthProviderName = (typeof oauthProviders)[number];

/** `GET oauth/targets/`: true for each provider this server has an app (a client id) for. */
export const oauthTargetsSchema = z.object({
  hubspot: z.boolean(),
  salesforce: z.boolean(),
  zoho: z.boolean(),
});
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
