import type {
  CredentialTargetName,
  IntegrationTargetKey,
  OAuthProviderName,
} from "@leadquiz/contract";
import type { AppConfig } from "../config";
import type { Mailer } from "../mail/mailer";
import type { OutgoingHttp } from "./http/outgoing-http";
import type { OAuthProvider } from "./oauth/oauth-tokens";
import type { DeliveryAdapter } from "./types";

/**
 * The server side of an integration target (CONTRIBUTING.md "Adding an integration
 * target"): `apps/server/src/integrations/<key>/<key>.target.ts` exports one, and
 * registry.ts lists it. What the owner sees and the API's paths come from the target's entry
 * in packages/contract `integrationTargets`.
 */
export interface TargetDeps {
  /** The one outgoing HTTP client (docs/delivery.md, "Outgoing requests"). */
  http: OutgoingHttp;
  config: Pick<AppConfig, "targetApiUrls" | "telegram" | "oauthTargets">;
  mailer: Pick<Mailer, "sendNow">;
}

/** A target that sends leads: its adapter (`send`, `retrySafety`, `findExisting?`). */
export interface PlainServerTarget<K extends IntegrationTargetKey = IntegrationTargetKey> {
  key: K;
  createAdapter(deps: TargetDeps): DeliveryAdapter;
}

/** A target connected with credentials: also checks them once when they are set. */
export interface CredentialServerTarget<K extends CredentialTargetName = CredentialTargetName>
  extends PlainServerTarget<K> {
  /** Null when the target accepts the values (every field as text), else its reason. */
  check(
    deps: Pick<TargetDeps, "http" | "config">,
    values: Record<string, string>,
  ): Promise<string | null>;
}

/** An OAuth CRM: its adapter is the provider (consent link, code exchange, refresh, send). */
export interface OAuthServerTarget<K extends OAuthProviderName = OAuthProviderName> {
  key: K;
  createAdapter(deps: Pick<TargetDeps, "http" | "config">): OAuthProvider;
}

/** The server side a target of this key must have, by how it connects. */
export type ServerTargetOf<K extends IntegrationTargetKey> = K extends CredentialTargetName
  ? CredentialServerTarget<K>
  : K extends OAuthProviderName
    ? OAuthServerTarget<K>
    : PlainServerTarget<K>;

/** One entry per target of packages/contract `integrationTargets`, under its key. */
export type ServerTargetRegistry = { readonly [K in IntegrationTargetKey]: ServerTargetOf<K> };
