import { randomBytes, timingSafeEqual } from "node:crypto";
import { type AuthExchangeResponse, apiAddress, endpoints, fillPath } from "@leadquiz/contract";
import type { InterfaceLanguageCode } from "@leadquiz/i18n";
import * as oidc from "openid-client";
import type { AppContext } from "../../app-context";
import type { DbOrTx } from "../../db/client";
import { AppError, FieldErrors } from "../../lib/app-error";
import { readCookie } from "../../lib/cookies";
import {
  findUsableAccountTicket,
  insertAccountTicket,
  markAccountTicketUsed,
} from "../account-tickets";
import {
  createSessionCookie,
  createTokenService,
  createUser,
  dummyPasswordHash,
  findUserByEmail,
  findUserById,
  hashToken,
  updateUser,
  verifyPassword,
} from "../accounts";
import { BROWSER_COOKIE_NAME, createBrowserCookie, createFlowCookie } from "./flow-cookie";
import { createOidcClients } from "./oidc-clients";
import { findIdentity, insertIdentity } from "./user-identities.repository";

export type SocialAuthService = ReturnType<typeof createSocialAuthService>;

/** Where the web app takes the one-time code from (`#code=…`, or `#error=…`). */
export const WEB_CALLBACK_PATH = "/auth/callback";
export const SIGNIN_FAILED = "social_signin_failed";
/** The landing's error when the provider did not vouch for a new account's address. */
export const EMAIL_UNVERIFIED = "provider_email_unverified";

export interface Redirect {
  location: string;
  setCookie: string[];
}

/** How long the one-time code of `/auth/callback#code=…` can be exchanged. */
export const SIGNIN_CODE_TTL_SECONDS = 5 * 60;

/** The claims a sign-in needs, from the ID token (or UserInfo when the token lacks them). */
interface Identity {
  subject: string;
  email: string;
  /**
   * The provider says the address is verified: its `email_verified` claim is the boolean
   * `true`. A string "true", a missing claim or false do not count (docs/security.md).
   */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/** No account has the address and the provider did not vouch for it: none is made. */
class UnverifiedNewAccount extends Error {}

/**
 * Social sign-in with OpenID Connect (authorization code flow with PKCE S256, state and
 * nonce). The flow's secrets travel in an encrypted, 10-minute cookie, so any process can
 * answer the callback. The callback finds the account by (provider, subject), else links the
 * account with the same proven e-mail, else creates one (no password), and lands on the web
 * app's `/auth/callback#code=…` with a one-time code (never tokens: docs/security.md) that only
 * the browser which started the flow can exchange, by POST auth/exchange/, for a token pair.
 * Every failure lands there with `#error=social_signin_failed`.
 */
export function createSocialAuthService(
  ctx: Pick<AppContext, "db" | "secrets" | "config" | "log">,
) {
  const clients = createOidcClients(ctx.config.oidcProviders);
  const cookie = createFlowCookie(ctx.secrets.encryptionKey, ctx.config.publicUrl);
  const browserCookie = createBrowserCookie(ctx.config.publicUrl, SIGNIN_CODE_TTL_SECONDS);
  const sessionCookie = createSessionCookie(ctx.config.publicUrl);
  const tokens = createTokenService(ctx);
  const webCallback = `${ctx.config.publicUrl}${WEB_CALLBACK_PATH}`;
  const redirectUriOf = (provider: string) =>
    `${ctx.config.publicUrl}${apiAddress(fillPath(endpoints.finishSocialSignIn.path, { provider }))}`;

  const failed = (error = SIGNIN_FAILED) => failureRedirect(webCallback, cookie.clear(), error);
  const providerOrNotFound = (id: string) => found(clients.get(id));

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
      return { location: url.href, setCookie: [await cookie.serialize(flow)] };
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
        const account = await accountOf(ctx.db, provider.id, identity, flow.language);
        const code = randomBytes(32).toString("base64url");
        const browserSecret = randomBytes(32).toString("base64url");
        await insertAccountTicket(ctx.db, {
          userId: account.userId,
          purpose: account.needsPassword ? "social_link" : "social_code",
          tokenHash: hashToken(code),
          browserHash: hashToken(browserSecret),
          email: identity.email,
          data: {
            provider: provider.id,
            subject: identity.subject,
            redirectUrl: flow.redirectUrl,
            // Whether linking may mark the account's address proven (the provider vouched).
            emailVerified: identity.emailVerified ? "true" : "false",
          },
          expiresAt: new Date(Date.now() + SIGNIN_CODE_TTL_SECONDS * 1000),
        });
        ctx.log.info(
          { provider: provider.id, userId: account.userId, needsPassword: account.needsPassword },
          "social sign-in",
        );
        return {
          location: `${webCallback}#${new URLSearchParams({ code })}`,
          setCookie: [cookie.clear(), browserCookie.serialize(browserSecret)],
        };
      } catch (error) {
        ctx.log.warn({ err: error, provider: provider.id }, "social sign-in failed");
        return failed(error instanceof UnverifiedNewAccount ? EMAIL_UNVERIFIED : SIGNIN_FAILED);
      }
    },

    /**
     * POST auth/exchange/: spends the one-time code of `/auth/callback#code=…` in the browser
     * that started the sign-in (its HttpOnly cookie), for a token pair. When the account's
     * address was never proven or the provider did not verify it, answers
     * `password_required` until the account's password comes with the code; then links the
     * identity (and marks the address proven when the provider verified it). 401
     * token_not_valid for an unknown, spent or expired code or another browser; 400 password
     * for a wrong password (the code stays usable until it expires).
     */
    async exchange(
      code: string,
      password: string | undefined,
      cookieHeader: string | undefined,
    ): Promise<{ body: AuthExchangeResponse; setCookie?: string[] }> {
      const invalid = new AppError("token_not_valid");
      const ticket = await ticketOf(ctx.db, code, readCookie(cookieHeader, BROWSER_COOKIE_NAME));
      if (!ticket) throw invalid;
      const redirectUrl = safeRedirectUrl(ticket.data.redirectUrl);
      if (ticket.purpose === "social_link") {
        if (password === undefined) {
          return { body: { status: "password_required", email: ticket.email } };
        }
        const user = await findUserById(ctx.db, ticket.userId);
        const passwordHash = user?.passwordHash ?? (await dummyPasswordHash());
        const valid = await verifyPassword(passwordHash, password);
        if (!user?.passwordHash || !valid) {
          throw new FieldErrors({ password: ["errors:password_wrong"] });
        }
      }
      const pair = await ctx.db.transaction(async (tx) => {
        const now = new Date();
        if (!(await markAccountTicketUsed(tx, ticket.id, now))) return undefined;
        let userId = ticket.userId;
        if (ticket.purpose === "social_link") {
          const { provider = "", subject = "" } = ticket.data;
          userId = await link(tx, ticket.userId, provider, subject);
          if (ticket.data.emailVerified === "true") {
            await updateUser(tx, ticket.userId, { emailVerifiedAt: now });
          }
        }
        return tokens.issueTokenPair(userId, tx);
      });
      if (!pair) throw invalid;
      // The refresh token only in the session cookie (docs/adr/0017-session-cookie.md).
      return {
        body: { status: "signed_in", access: pair.access, redirect_url: redirectUrl },
        setCookie: [browserCookie.clear(), ...sessionCookie.set(pair.refresh)],
      };
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

async function identityOf(
  configuration: oidc.Configuration,
  response: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
): Promise<Identity> {
  const idToken = response.claims();
  if (!idToken) throw new Error("the token response has no ID token");
  let claims: Record<string, unknown> = idToken;
  // UserInfo fills in what the ID token lacks (the ID token wins where both say something).
  if (typeof claims.email !== "string" || !("email_verified" in claims)) {
    claims = {
      ...(await oidc.fetchUserInfo(configuration, response.access_token, idToken.sub)),
      ...claims,
    };
  }
  const { email, email_verified: verified } = claims;
  if (typeof email !== "string" || email.trim() === "") {
    throw new Error("the provider gave no e-mail address");
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
  return {
    subject: idToken.sub,
    email: email.trim().toLowerCase(),
    emailVerified: verified === true,
    firstName,
    lastName,
  };
}

/**
 * The account of this identity: linked already; linked now to the account with the same
 * address when both sides proved it (the account by a link, a reset or a provider, the
 * provider by `email_verified: true`); or created, proven, when no account has the address
 * and the provider verified it. Otherwise the existing account's password must be given
 * first (`needsPassword`): else whoever registered the address first, or whoever put the
 * victim's address unverified into a provider account, would share the account. With no
 * account and no verified address, nothing is made (`UnverifiedNewAccount`).
 */
function accountOf(
  db: AppContext["db"],
  provider: string,
  identity: Identity,
  language: string,
): Promise<{ userId: number; needsPassword: boolean }> {
  return db.transaction(async (tx) => {
    const linked = await findIdentity(tx, provider, identity.subject);
    if (linked) return { userId: linked.userId, needsPassword: false };
    const existing = await findUserByEmail(tx, identity.email);
    if (!existing && !identity.emailVerified) throw new UnverifiedNewAccount();
    const user =
      existing ??
      (await createUser(tx, {
        email: identity.email,
        username: identity.email,
        passwordHash: null,
        languageCode: language,
        firstName: identity.firstName,
        lastName: identity.lastName,
        emailVerifiedAt: new Date(),
      })) ??
      // Created by a concurrent request between the lookup and the insert.
      (await findUserByEmail(tx, identity.email));
    if (!user) throw new Error("could neither find nor create the account");
    if (!user.emailVerifiedAt || !identity.emailVerified) {
      return { userId: user.id, needsPassword: true };
    }
    return { userId: await link(tx, user.id, provider, identity.subject), needsPassword: false };
  });
}

/** Links (provider, subject) to the user; the user it is linked to (a race may win). */
async function link(tx: DbOrTx, userId: number, provider: string, subject: string) {
  if (await insertIdentity(tx, { userId, provider, subject })) return userId;
  const raced = await findIdentity(tx, provider, subject);
  if (!raced) throw new Error("could not link the identity");
  return raced.userId;
}

/**
 * The usable ticket of a one-time code presented by the browser holding `browserSecret`;
 * undefined when unknown, spent, expired or started in another browser.
 */
async function ticketOf(db: DbOrTx, code: string, browserSecret: string | undefined) {
  if (!browserSecret) return undefined;
  const now = new Date();
  const hash = hashToken(code);
  const ticket =
    (await findUsableAccountTicket(db, "social_code", hash, now)) ??
    (await findUsableAccountTicket(db, "social_link", hash, now));
  if (!ticket?.browserHash) return undefined;
  const expected = Buffer.from(ticket.browserHash);
  const actual = Buffer.from(hashToken(browserSecret));
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  return ticket;
}

/** The web app's callback with the error, the flow's cookie cleared. */
function failureRedirect(webCallback: string, clearCookie: string, error: string): Redirect {
  return {
    location: `${webCallback}#${new URLSearchParams({ error })}`,
    setCookie: [clearCookie],
  };
}

/** The provider asked for; 404 for an unknown one. */
function found<T>(provider: T | undefined): T {
  if (!provider) throw new AppError("not_found");
  return provider;
}
