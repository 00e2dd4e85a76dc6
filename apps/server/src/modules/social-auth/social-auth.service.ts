import { API_PREFIX, apiPaths } from "@leadquiz/contract";
import type { InterfaceLanguageCode } from "@leadquiz/i18n";
import * as oidc from "openid-client";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { createTokenService } from "../accounts/tokens.service";
import { createUser, findUserByEmail } from "../accounts/users.repository";
import { createFlowCookie } from "./flow-cookie";
import { createOidcClients } from "./oidc-clients";
import { findIdentity, insertIdentity } from "./user-identities.repository";

export type SocialAuthService = ReturnType<typeof createSocialAuthService>;

/** Where the web app takes the tokens from (`#access=…&refresh=…&redirectUrl=…`). */
export const WEB_CALLBACK_PATH = "/auth/callback";
export const SIGNIN_FAILED = "social_signin_failed";

export interface Redirect {
  location: string;
  setCookie: string;
}

/** The claims a sign-in needs, from the ID token (or UserInfo when the token lacks them). */
interface Identity {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Social sign-in with OpenID Connect (authorization code flow with PKCE S256, state and
 * nonce). The flow's secrets travel in an encrypted, 10-minute cookie, so any process can
 * answer the callback. The callback finds the account by (provider, subject), else links the
 * account with the same e-mail, else creates one (no password), and lands on the web app's
 * `/auth/callback` with a new token pair in the URL fragment (never sent to a server or
 * written to access logs). Every failure lands there with `#error=social_signin_failed`.
 */
export function createSocialAuthService(
  ctx: Pick<AppContext, "db" | "secrets" | "config" | "log">,
) {
  const clients = createOidcClients(ctx.config.oidcProviders);
  const cookie = createFlowCookie(ctx.secrets.encryptionKey, ctx.config.publicUrl);
  const tokens = createTokenService(ctx);
  const webCallback = `${ctx.config.publicUrl}${WEB_CALLBACK_PATH}`;
  const redirectUriOf = (provider: string) =>
    `${ctx.config.publicUrl}${API_PREFIX}${apiPaths.authCallback(provider)}`;

  function failed(): Redirect {
    return {
      location: `${webCallback}#${new URLSearchParams({ error: SIGNIN_FAILED })}`,
      setCookie: cookie.clear(),
    };
  }

  function providerOrNotFound(id: string) {
    const provider = clients.get(id);
    if (!provider) throw new AppError("not_found");
    return provider;
  }

  async function identityOf(
    configuration: oidc.Configuration,
    response: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
  ): Promise<Identity> {
    const idToken = response.claims();
    if (!idToken) throw new Error("the token response has no ID token");
    let claims: Record<string, unknown> = idToken;
    if (typeof claims.email !== "string") {
      claims = {
        ...(await oidc.fetchUserInfo(configuration, response.access_token, idToken.sub)),
        ...claims,
      };
    }
    const { email, email_verified: verified } = claims;
    if (typeof email !== "string" || email.trim() === "") {
      throw new Error("the provider gave no e-mail address");
    }
    if (verified === false || verified === "false") {
      throw new Error("the provider says the e-mail address is not verified");
    }
    const text = (value: unknown) => (typeof value === "string" ? value.trim().slice(0, 150) : "");
    let firstName = text(claims.given_name);
    let lastName = text(claims.family_name);
    if (!firstName && !lastName && typeof claims.name === "string") {
      [firstName = "", lastName = ""] = claims.name
        .trim()
        .split(/\s+(.*)/, 2)
        .map(text);
    }
    return { subject: idToken.sub, email: email.trim().toLowerCase(), firstName, lastName };
  }

  /** The user of this identity: linked already, linked now by e-mail, or created. */
  function userIdOf(provider: string, identity: Identity, language: string): Promise<number> {
    return ctx.db.transaction(async (tx) => {
      const linked = await findIdentity(tx, provider, identity.subject);
      if (linked) return linked.userId;
      const user =
        (await findUserByEmail(tx, identity.email)) ??
        (await createUser(tx, {
          email: identity.email,
          username: identity.email,
          passwordHash: null,
          languageCode: language,
          firstName: identity.firstName,
          lastName: identity.lastName,
        })) ??
        // Created by a concurrent request between the lookup and the insert.
        (await findUserByEmail(tx, identity.email));
      if (!user) throw new Error("could neither find nor create the account");
      if (await insertIdentity(tx, { userId: user.id, provider, subject: identity.subject })) {
        return user.id;
      }
      const raced = await findIdentity(tx, provider, identity.subject);
      if (!raced) throw new Error("could not link the identity");
      return raced.userId;
    });
  }

  return {
    providers: () => clients.list(),

    /**
     * 302 to the provider's authorization endpoint (or to the web app with an error when the
     * provider cannot be reached); 404 for an unknown provider.
     */
    async start(
      providerId: string,
      options: { redirectUrl: string | undefined; language: InterfaceLanguageCode },
    ): Promise<Redirect> {
      const provider = providerOrNotFound(providerId);
      let configuration: oidc.Configuration;
      try {
        configuration = await clients.configuration(provider);
      } catch (error) {
        ctx.log.warn({ err: error, provider: provider.id }, "OpenID discovery failed");
        return failed();
      }
      const flow = {
        provider: provider.id,
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        redirectUrl: safeRedirectUrl(options.redirectUrl),
        language: options.language,
      };
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUriOf(provider.id),
        scope: "openid email profile",
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: "S256",
      });
      return { location: url.href, setCookie: await cookie.serialize(flow) };
    },

    /**
     * Finishes the sign-in. Never throws for a failed sign-in: logs the reason and lands on
     * the web app with an error. 404 only for an unknown provider.
     */
    async finish(
      providerId: string,
      query: Record<string, string>,
      cookieHeader: string | undefined,
    ): Promise<Redirect> {
      const provider = providerOrNotFound(providerId);
      try {
        const flow = await cookie.parse(cookieHeader);
        if (flow.provider !== provider.id) throw new Error("the flow belongs to another provider");
        const configuration = await clients.configuration(provider);
        const currentUrl = new URL(redirectUriOf(provider.id));
        for (const [name, value] of Object.entries(query)) currentUrl.searchParams.set(name, value);
        const response = await oidc.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const identity = await identityOf(configuration, response);
        const userId = await userIdOf(provider.id, identity, flow.language);
        const pair = await tokens.issueTokenPair(userId);
        ctx.log.info({ provider: provider.id, userId }, "social sign-in");
        const fragment = new URLSearchParams({
          access: pair.access,
          refresh: pair.refresh,
          redirectUrl: flow.redirectUrl,
        });
        return { location: `${webCallback}#${fragment}`, setCookie: cookie.clear() };
      } catch (error) {
        ctx.log.warn({ err: error, provider: provider.id }, "social sign-in failed");
        return failed();
      }
    },
  };
}

/**
 * Only a path of this site: starts with one "/" (not "//", not "/\", no control characters),
 * else "/". Stops the sign-in from being used as an open redirect.
 */
export function safeRedirectUrl(value: string | undefined): string {
  if (!value || value.length > 2000) return "/";
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return "/";
  return value;
}
