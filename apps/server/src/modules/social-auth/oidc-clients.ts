import * as oidc from "openid-client";
import type { OidcProviderConfig } from "../../config";

const DISCOVERY_TIMEOUT_SECONDS = 10;

export type OidcClients = ReturnType<typeof createOidcClients>;

/**
 * The configured OpenID providers and their discovered metadata. Discovery runs on first use
 * (not at boot: a provider that is down must not stop the server), its result is cached, and
 * a failed discovery is forgotten so that the next sign-in tries again.
 *
 * An `http://` issuer is accepted only on a loopback host (127.0.0.0/8, ::1, localhost): the
 * local OpenID provider of the tests and of a developer's machine. Everywhere else
 * openid-client's HTTPS-only rule stands.
 */
export function createOidcClients(providers: readonly OidcProviderConfig[]) {
  const byId = new Map(providers.map((provider) => [provider.id, provider]));
  const discovered = new Map<string, Promise<oidc.Configuration>>();

  function discover(provider: OidcProviderConfig): Promise<oidc.Configuration> {
    const issuer = new URL(provider.issuer);
    return oidc.discovery(
      issuer,
      provider.clientId,
      { client_secret: provider.clientSecret },
      oidc.ClientSecretPost(provider.clientSecret),
      {
        timeout: DISCOVERY_TIMEOUT_SECONDS,
        execute:
          issuer.protocol === "http:" && isLoopback(issuer) ? [oidc.allowInsecureRequests] : [],
      },
    );
  }

  return {
    /** `{id, name}` of every configured provider, in configuration order. */
    list(): { id: string; name: string }[] {
      return providers.map(({ id, name }) => ({ id, name }));
    },

    get(id: string): OidcProviderConfig | undefined {
      return byId.get(id);
    },

    /** The provider's client configuration, discovering it on first use. */
    configuration(provider: OidcProviderConfig): Promise<oidc.Configuration> {
      let pending = discovered.get(provider.id);
      if (!pending) {
        pending = discover(provider);
        discovered.set(provider.id, pending);
        pending.catch(() => discovered.delete(provider.id));
      }
      return pending;
    },
  };
}

function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}
