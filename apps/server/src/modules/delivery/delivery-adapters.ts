import type { AppConfig } from "../../config";
import { createEmailAdapter } from "../../integrations/email/email.adapter";
import { createOutgoingHttp, type OutgoingHttp } from "../../integrations/http/outgoing-http";
import { createWebhookAdapter } from "../../integrations/webhook/webhook.adapter";
import type { Mailer } from "../../mail/mailer";
import type { DeliveryAdapters } from "./delivery-worker";

export interface AdapterDeps {
  config: Pick<AppConfig, "integrationsAllowPrivateNetworks">;
  mailer: Pick<Mailer, "sendNow">;
  /** The outgoing HTTP client; built from config when not given (tests give their own). */
  http?: OutgoingHttp;
}

/** One adapter per target type, all sharing the one outgoing HTTP client. */
export function createDeliveryAdapters(deps: AdapterDeps): DeliveryAdapters {
  const http =
    deps.http ??
    createOutgoingHttp({ allowPrivateNetworks: deps.config.integrationsAllowPrivateNetworks });
  return {
    webhook: createWebhookAdapter(http),
    email: createEmailAdapter((message, label) => deps.mailer.sendNow(message, label)),
  };
}
