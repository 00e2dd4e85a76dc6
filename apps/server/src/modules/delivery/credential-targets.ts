import {
  type CredentialField,
  type CredentialTargetName,
  credentialTargetFields,
  credentialTargetNames,
} from "@leadquiz/contract";
import type { AppConfig } from "../../config";
import type { OutgoingHttp } from "../../integrations/http/outgoing-http";
import { serverTargets } from "../../integrations/registry";

/**
 * Targets connected with credentials, one per quiz (docs/api.md "Lead delivery"), each
 * described by its fields (packages/contract `integrationTargets`): secret fields are
 * stored encrypted and answered masked, the others are kept as settings. The credentials are
 * checked against the target once when they are set (its `check` in the registry,
 * apps/server/src/integrations/registry.ts).
 */
export interface CredentialTarget {
  type: CredentialTargetName;
  fields: readonly CredentialField[];
  /** The field a refused check is reported under (the target's main secret). */
  checkField: string;
  /** Null when the target accepts the values (every field as text), else its reason. */
  check(http: OutgoingHttp, values: Record<string, string>): Promise<string | null>;
}

export type CredentialBody = { quiz: number } & Record<string, unknown>;

export function credentialTargets(
  config: Pick<AppConfig, "targetApiUrls" | "telegram" | "oauthTargets">,
): Record<CredentialTargetName, CredentialTarget> {
  const targets = {} as Record<CredentialTargetName, CredentialTarget>;
  for (const type of credentialTargetNames) {
    const fields = credentialTargetFields[type];
    const main = fields.find((field) => field.secret) ?? fields[0];
    targets[type] = {
      type,
      fields,
      checkField: main?.name ?? "quiz",
      check: (http, values) => serverTargets[type].check({ http, config }, values),
    };
  }
  return targets;
}
