import { bitrix24Target } from "./bitrix24/bitrix24.target";
import { emailTarget } from "./email/email.target";
import { getresponseTarget } from "./getresponse/getresponse.target";
import { hookTarget } from "./hook/hook.target";
import { hubspotTarget } from "./hubspot/hubspot.target";
import { keycrmTarget } from "./keycrm/keycrm.target";
import { mailchimpTarget } from "./mailchimp/mailchimp.target";
import { pipedriveTarget } from "./pipedrive/pipedrive.target";
import { salesdriveTarget } from "./salesdrive/salesdrive.target";
import { salesforceTarget } from "./salesforce/salesforce.target";
import { sendpulseTarget } from "./sendpulse/sendpulse.target";
import type { ServerTargetRegistry } from "./target";
import { telegramTarget } from "./telegram/telegram.target";
import { webhookTarget } from "./webhook/webhook.target";
import { zohoTarget } from "./zoho/zoho.target";

/**
 * The server side of every integration target, one line each (CONTRIBUTING.md "Adding an
 * integration target"). The delivery adapters, the credential checks, the OAuth providers
 * and the routes of the delivery module are built from it; `registry.test.ts` checks each
 * target has its texts, its OpenAPI operations, a fake and a lost-answer test.
 */
export const serverTargets: ServerTargetRegistry = {
  email: emailTarget,
  telegram: telegramTarget,
  webhook: webhookTarget,
  bitrix24: bitrix24Target,
  keycrm: keycrmTarget,
  pipedrive: pipedriveTarget,
  salesdrive: salesdriveTarget,
  hubspot: hubspotTarget,
  salesforce: salesforceTarget,
  zoho: zohoTarget,
  getresponse: getresponseTarget,
  mailchimp: mailchimpTarget,
  sendpulse: sendpulseTarget,
  hook: hookTarget,
};
