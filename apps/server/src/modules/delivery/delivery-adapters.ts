import {
  type IntegrationTargetKey,
  integrationTargetKeys,
  type OAuthProviderName,
  oauthProviders as oauthProviderNames,
} from "@leadquiz/contract";
import type { AppConfig } from "../../config";
import { createOutgoingHttp, type OutgoingHttp } from "../../integrations/http/outgoing-http";
import type { OAuthProvider } from "../../integrations/oauth/oauth-tokens";
import { serverTargets } from "../../integrations/registry";
import type { TargetDeps } from "../../integrations/target";
import type { DeliveryAdapter } from "../../integrations/types";
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

/**
 * One adapter per target of the registry (apps/server/src/integrations/registry.ts), all
 * sharing the one outgoing HTTP client.
 */
export function createDeliveryAdapters(deps: AdapterDeps): DeliveryAdapters {
  const targetDeps: TargetDeps = { ...deps, http: deps.http ?? outgoingHttpFor(deps.config) };
  return Object.fromEntries(
    integrationTargetKeys.map((key) => [key, serverTargets[key].createAdapter(targetDeps)]),
  ) as Record<IntegrationTargetKey, DeliveryAdapter>;
}

/** The OAuth CRMs (docs/delivery.md, "OAuth targets"): consent links, callbacks, adapters. */
export function oauthProviders(
  config: Pick<AppConfig, "oauthTargets" | "targetApiUrls" | "telegram">,
  http: OutgoingHttp,
): Record<OAuthProviderName, OAuthProvider> {
  return Object.fromEntries(
    oauthProviderNames.map((key) => [key, serverTargets[key].createAdapter({ http, config })]),
  ) as Record<OAuthProviderName, OAuthProvider>;
}
