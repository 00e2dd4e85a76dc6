import {
  type CredentialField,
  type CredentialTargetName,
  credentialTargetFields,
} from "@leadquiz/contract";
import type { AppConfig } from "../../config";
import { checkBitrix24Webhook } from "../../integrations/bitrix24/bitrix24.adapter";
import { checkGetresponseKey } from "../../integrations/getresponse/getresponse.adapter";
import type { OutgoingHttp } from "../../integrations/http/outgoing-http";
import { checkKeycrmToken } from "../../integrations/keycrm/keycrm.adapter";
import { checkMailchimpKey } from "../../integrations/mailchimp/mailchimp.adapter";
import { checkPipedriveToken } from "../../integrations/pipedrive/pipedrive.adapter";
import { checkSalesdriveToken } from "../../integrations/salesdrive/salesdrive.adapter";
import {
  checkSendpulseCredentials,
  type SendpulseClient,
} from "../../integrations/sendpulse/sendpulse.adapter";

/**
 * Targets connected with credentials, one per quiz (docs/api.md "Lead delivery"), each
 * described by its fields (packages/contract `credentialTargetFields`): secret fields are
 * stored encrypted and answered masked, the others are kept as settings. The credentials are
 * checked against the target once when they are set.
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

const v = (values: Record<string, string>, name: string) => values[name] ?? "";

export function credentialTargets(
  config: Pick<AppConfig, "targetApiUrls">,
  sendpulse: SendpulseClient,
): Record<CredentialTargetName, CredentialTarget> {
  const urls = config.targetApiUrls;
  const checks: Record<
    CredentialTargetName,
    (http: OutgoingHttp, values: Record<string, string>) => Promise<string | null>
  > = {
    bitrix24: (http, values) => checkBitrix24Webhook(http, v(values, "webhook_url")),
    keycrm: (http, values) => checkKeycrmToken(http, urls.keycrm, v(values, "api_token")),
    pipedrive: (http, values) => checkPipedriveToken(http, urls.pipedrive, v(values, "api_token")),
    salesdrive: (http, values) =>
      checkSalesdriveToken(http, urls.salesdrive, {
        form_token: v(values, "form_token"),
        subdomain: v(values, "subdomain"),
      }),
    getresponse: (http, values) =>
      checkGetresponseKey(
        http,
        { standard: urls.getresponse, max: urls.getresponseMax },
        {
          api_key: v(values, "api_key"),
          campaign_id: v(values, "campaign_id"),
          enterprise_domain: v(values, "enterprise_domain"),
          enterprise_region: v(values, "enterprise_region"),
        },
      ),
    mailchimp: (http, values) =>
      checkMailchimpKey(http, urls.mailchimp, {
        api_key: v(values, "api_key"),
        list_id: v(values, "list_id"),
      }),
    sendpulse: (_http, values) =>
      checkSendpulseCredentials(sendpulse, {
        client_id: v(values, "client_id"),
        client_secret: v(values, "client_secret"),
        address_book_id: v(values, "address_book_id"),
      }),
  };
  const targets = {} as Record<CredentialTargetName, CredentialTarget>;
  for (const type of Object.keys(checks) as CredentialTargetName[]) {
    const fields: readonly CredentialField[] = credentialTargetFields[type];
    const main = fields.find((field) => field.secret) ?? fields[0];
    targets[type] = { type, fields, checkField: main?.name ?? "quiz", check: checks[type] };
  }
  return targets;
}
