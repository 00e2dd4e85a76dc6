import type { AppConfig } from "../../config";
import { checkBitrix24Webhook } from "../../integrations/bitrix24/bitrix24.adapter";
import type { OutgoingHttp } from "../../integrations/http/outgoing-http";
import { checkKeycrmToken } from "../../integrations/keycrm/keycrm.adapter";

/**
 * Targets connected with one secret (a token, or a URL with the key in it) and an optional
 * id of the target's own (a responsible user, a source), one per quiz: `bitrix24/`,
 * `keycrm/` (docs/api.md "Lead delivery"). The secret is checked once when it is set.
 */
export interface CredentialTarget {
  type: "bitrix24" | "keycrm";
  /** The body field of the secret; answered masked. */
  secretField: string;
  /** The body field of the optional integer id; answered as a number or null. */
  idField: string;
  /** The secret is an address the server calls (https only unless private networks). */
  secretIsUrl: boolean;
  /** Null when the target accepts the secret, else its reason. */
  check(http: OutgoingHttp, secret: string): Promise<string | null>;
}

export type CredentialBody = { quiz: number } & Record<string, unknown>;
/** The common record fields with the masked secret and the id under their own names. */
export type CredentialAnswer = {
  id: number;
  quiz: number;
  is_enabled: boolean;
  disabled_reason: string | null;
  created_at: string;
  last_delivery: { at: string | null; status: string; error: string | null } | null;
} & Record<string, unknown>;

export function credentialTargets(config: Pick<AppConfig, "targetApiUrls">) {
  return {
    bitrix24: {
      type: "bitrix24",
      secretField: "webhook_url",
      idField: "responsible_id",
      secretIsUrl: true,
      check: checkBitrix24Webhook,
    },
    keycrm: {
      type: "keycrm",
      secretField: "api_token",
      idField: "source_id",
      secretIsUrl: false,
      check: (http, token) => checkKeycrmToken(http, config.targetApiUrls.keycrm, token),
    },
  } satisfies Record<string, CredentialTarget>;
}
