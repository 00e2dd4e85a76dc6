import { z } from "zod";
import { deliveryBodySchema } from "./delivery-payload";
import { webhookUrlField } from "./integrations";
import { idSchema, MAX_ID, timestampSchema } from "./quiz-common";

/**
 * Account API keys and REST hooks for automation platforms (docs/api.md "Lead delivery",
 * docs/delivery.md "REST hooks"). A key (`lq_<random>`) is answered once, on creation; it
 * authenticates only the `hooks/` routes.
 */

/** The longest name of a key. */
export const API_KEY_NAME_MAX_LENGTH = 100;
/** Keys one account may hold at a time. */
export const API_KEYS_PER_ACCOUNT = 20;
/** REST hook subscriptions one account may hold at a time. */
export const HOOKS_PER_ACCOUNT = 100;
/** Leads answered by `GET hooks/sample/`. */
export const HOOK_SAMPLE_SIZE = 3;
/** What every key starts with (and what tells it from an access token). */
export const API_KEY_PREFIX = "lq_";

/**
 * How recent a sign-in (password or social, not a refresh) must be for making an API key
 * without the current password (docs/security.md).
 */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

/** `POST api-keys/`. */
export const apiKeyCreateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: "required" })
    .max(API_KEY_NAME_MAX_LENGTH, { message: "too_long" }),
  /**
   * The account's current password: required when the session last signed in more than
   * RECENT_SIGN_IN_SECONDS ago; checked whenever given.
   */
  password: z.string().max(128).optional(),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

/** A key as listed: never the key itself, only its first characters. */
export const apiKeySchema = z.object({
  id: z.int32().min(1).max(MAX_ID),
  name: z.string(),
  /** The first characters of the key (`lq_AbCd1234`), to tell keys apart. */
  prefix: z.string(),
  created_at: timestampSchema,
  last_used_at: timestampSchema.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.array(apiKeySchema);

/** The answer of `POST api-keys/`: the only time the full key is shown. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const hookEvents = ["lead.created"] as const;

/** `POST hooks/` (Zapier's performSubscribe, Make's attach). */
export const hookCreateSchema = z.object({
  target_url: webhookUrlField,
  event: z.enum(hookEvents),
  /** Only this quiz's leads; every quiz of the account when absent. */
  quiz: idSchema.nullish(),
});
export type HookCreate = z.infer<typeof hookCreateSchema>;

/**
 * A subscription. `secret` (`whsec_…`) signs the deliveries per Standard Webhooks; it is
 * answered in full only on creation.
 */
export const hookSchema = z.object({
  id: z.int32().min(1).max(MAX_ID),
  target_url: z.string(),
  event: z.enum(hookEvents),
  quiz: z.int32().nullable(),
  secret: z.string(),
  created_at: timestampSchema,
});
export type Hook = z.infer<typeof hookSchema>;

/** `GET hooks/sample/?quiz=`. */
export const hookSampleQuerySchema = z.object({
  quiz: z.coerce.number().int().min(1).max(MAX_ID).optional(),
});
export type HookSampleQuery = z.infer<typeof hookSampleQuerySchema>;

/** `GET hooks/sample/`: delivery bodies (delivery-payload.ts). */
export const hookSampleSchema = z.array(deliveryBodySchema);
