import { startFakeBitrix24 } from "./fake-bitrix24";
import { startFakeKeycrm } from "./fake-keycrm";
import { startFakeOAuthProvider } from "./fake-oauth-provider";
import {
  startFakeGetresponse,
  startFakeMailchimp,
  startFakePipedrive,
  startFakeSalesdrive,
  startFakeSendpulse,
} from "./fake-targets";
import { startFakeTelegram } from "./fake-telegram";
import { startSmtpPeer } from "./smtp-peer";
import { startWebhookReceiver } from "./webhook-receiver";

/** A running fake of a target's service, on loopback. */
export interface RunningFake {
  close(): Promise<void>;
}

/**
 * The local fake of each integration target (CONTRIBUTING.md "Adding an integration
 * target"): the HTTP (or SMTP) server its tests deliver to, behaving as the service
 * documents. A new target may instead keep its fake beside it,
 * `integrations/<key>/<key>.fake.ts` exporting `startFake()`; `integrations/registry.test.ts`
 * fails for a registered target with neither.
 */
export const targetFakes: Readonly<Record<string, () => Promise<RunningFake>>> = {
  email: startSmtpPeer,
  telegram: startFakeTelegram,
  webhook: startWebhookReceiver,
  bitrix24: startFakeBitrix24,
  keycrm: startFakeKeycrm,
  pipedrive: startFakePipedrive,
  salesdrive: startFakeSalesdrive,
  hubspot: () => startFakeOAuthProvider({ publicUrl: "http://127.0.0.1:9" }),
  salesforce: () => startFakeOAuthProvider({ publicUrl: "http://127.0.0.1:9" }),
  zoho: () => startFakeOAuthProvider({ publicUrl: "http://127.0.0.1:9" }),
  getresponse: startFakeGetresponse,
  mailchimp: startFakeMailchimp,
  sendpulse: startFakeSendpulse,
  // A REST hook's subscriber is a URL like a webhook's (docs/delivery.md "REST hooks").
  hook: startWebhookReceiver,
};
