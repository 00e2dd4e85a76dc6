import type { AppConfig } from "../../config";
import { createBitrix24Adapter } from "../../integrations/bitrix24/bitrix24.adapter";
import { createEmailAdapter } from "../../integrations/email/email.adapter";
import { createGetresponseAdapter } from "../../integrations/getresponse/getresponse.adapter";
import { createOutgoingHttp, type OutgoingHttp } from "../../integrations/http/outgoing-http";
import { createHubspotProvider } from "../../integrations/hubspot/hubspot.adapter";
import { createKeycrmAdapter } from "../../integrations/keycrm/keycrm.adapter";
import { createMailchimpAdapter } from "../../integrations/mailchimp/mailchimp.adapter";
import type { OAuthProvider } from "../../integrations/oauth/oauth-tokens";
import { createPipedriveAdapter } from "../../integrations/pipedrive/pipedrive.adapter";
import { createSalesdriveAdapter } from "../../integrations/salesdrive/salesdrive.adapter";
import { createSalesforceProvider } from "../../integrations/salesforce/salesforce.adapter";
import {
  createSendpulseAdapter,
  createSendpulseClient,
} from "../../integrations/sendpulse/sendpulse.adapter";
import { createTelegramAdapter } from "../../integrations/telegram/telegram.adapter";
import { createWebhookAdapter } from "../../integrations/webhook/webhook.adapter";
import { createZohoProvider } from "../../integrations/zoho/zoho.adapter";
import type { Mailer } from "../../mail/mailer";
import type { DeliveryAdapters } from "./delivery-worker";

export interface AdapterDeps {
  config: Pick<
    AppConfig,
    "integrationsAllowPrivateNetworks" | "targetApiUrls" | "telegram" | "oauthTargets"
  >;
  mailer: Pick<Mailer, "sendNow">;
  /** The outgoing HTTP client; built from config when not given (tests give their own). */
  http?: OutgoingHttp;
}

/** The outgoing HTTP client of the configuration (docs/delivery.md, "Outgoing requests"). */
export function outgoingHttpFor(config: AdapterDeps["config"]): OutgoingHttp {
  return createOutgoingHttp({ allowPrivateNetworks: config.integrationsAllowPrivateNetworks });
}

/** One adapter per target type, all sharing the one outgoing HTTP client. */
export function createDeliveryAdapters(deps: AdapterDeps): DeliveryAdapters {
  const http = deps.http ?? outgoingHttpFor(deps.config);
  const urls = deps.config.targetApiUrls;
  return {
    webhook: createWebhookAdapter(http),
    email: createEmailAdapter((message, label) => deps.mailer.sendNow(message, label)),
    bitrix24: createBitrix24Adapter(http),
    keycrm: createKeycrmAdapter(http, urls.keycrm),
    pipedrive: createPipedriveAdapter(http, urls.pipedrive),
    salesdrive: createSalesdriveAdapter(http, urls.salesdrive),
    getresponse: createGetresponseAdapter(http, {
      standard: urls.getresponse,
      max: urls.getresponseMax,
    }),
    mailchimp: createMailchimpAdapter(http, urls.mailchimp),
    sendpulse: createSendpulseAdapter(createSendpulseClient(http, urls.sendpulse)),
    telegram: createTelegramAdapter(http, deps.config.telegram),
    // A REST hook is delivered exactly like a webhook (docs/delivery.md "REST hooks").
    hook: createWebhookAdapter(http),
    ...oauthProviders(deps.config, http),
  };
}

/** The OAuth CRMs (docs/delivery.md, "OAuth targets"): consent links, callbacks, adapters. */
export function oauthProviders(
  config: Pick<AppConfig, "oauthTargets">,
  http: OutgoingHttp,
): Record<"hubspot" | "salesforce" | "zoho", OAuthProvider> {
  return {
    hubspot: createHubspotProvider(http, config.oauthTargets.hubspot),
    salesforce: createSalesforceProvider(http, config.oauthTargets.salesforce),
    zoho: createZohoProvider(http, config.oauthTargets.zoho),
  };
}
