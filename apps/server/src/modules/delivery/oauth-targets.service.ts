import { createHash, randomBytes } from "node:crypto";
import {
  apiAddress,
  endpoints,
  fillPath,
  type OAuthIntegration,
  type OAuthProviderName,
  type OAuthTargets,
} from "@leadquiz/contract";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/client";
import { type OAuthProvider, TokenCallError } from "../../integrations/oauth/oauth-tokens";
import { AppError } from "../../lib/app-error";
import type { SecretBox } from "../../lib/secret-box";
import { requireOwnedQuiz } from "../quiz-access";
import {
  deleteIntegration,
  insertIntegration,
  lastDeliveries,
  listQuizIntegrations,
  updateIntegration,
} from "./integrations.repository";
import { commonAnswer } from "./integrations.service";
import { createOAuthBrowserCookie } from "./oauth-browser-cookie";
import { insertOAuthState, takeOAuthState } from "./oauth-states.repository";

/** How long a consent link works. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export interface OAuthTargetsDeps {
  db: Database;
  box: SecretBox;
  /** ENCRYPTION_KEY: the browser cookie's key is derived from it. */
  encryptionKey: string;
  config: Pick<AppConfig, "publicUrl" | "oauthTargets">;
  providers: Record<OAuthProviderName, OAuthProvider>;
  now?: () => Date;
}

const hashOf = (state: string) => createHash("sha256").update(state).digest("base64url");

/** Where the callback sends the browser, and the Set-Cookie header that forgets the state. */
export interface OAuthCallbackAnswer {
  location: string;
  setCookie?: string;
}

/**
 * Connecting HubSpot, Salesforce and Zoho by OAuth 2.0 (docs/delivery.md, "OAuth targets").
 * The consent link carries a random `state` stored (hashed) with the owner, quiz and
 * provider for 10 minutes, and bound to the owner's browser by a cookie; the callback takes
 * the state once, checks the cookie, exchanges the code and stores the tokens sealed.
 * Whatever goes wrong there stores nothing and lands on the tab with an error.
 */
export function createOAuthTargetsService(deps: OAuthTargetsDeps) {
  const { db, box, providers } = deps;
  const now = deps.now ?? (() => new Date());
  const publicUrl = deps.config.publicUrl;
  const browserCookie = createOAuthBrowserCookie(deps.encryptionKey, publicUrl, OAUTH_STATE_TTL_MS);

  const tab = (quizId: number | string, query: string) =>
    `${publicUrl}/quiz/${quizId}/integration?${query}`;

  async function connection(quizId: number, provider: OAuthProviderName) {
    const [row] = await listQuizIntegrations(db, quizId, provider);
    return row;
  }

  return {
    targets(): OAuthTargets {
      const { oauthTargets } = deps.config;
      return {
        hubspot: oauthTargets.hubspot.client !== undefined,
        salesforce: oauthTargets.salesforce.client !== undefined,
        zoho: oauthTargets.zoho.client !== undefined,
      };
    },

    /**
     * The provider's consent page for this owner and quiz, and the Set-Cookie header that
     * binds it to the asking browser.
     */
    async authLink(userId: number, provider: OAuthProviderName, quizId: number) {
      await requireOwnedQuiz(db, userId, quizId);
      if (!deps.config.oauthTargets[provider].client) {
        throw new AppError("not_found", "oauth_not_configured");
      }
      // The quiz id in front lets even a refused callback land on the right tab.
      const state = `${quizId}.${randomBytes(24).toString("base64url")}`;
      const codeVerifier = randomBytes(32).toString("base64url");
      const at = now();
      await insertOAuthState(
        db,
        {
          stateHash: hashOf(state),
          userId,
          quizId,
          provider,
          codeVerifier: box.seal(codeVerifier),
          expiresAt: new Date(at.getTime() + OAUTH_STATE_TTL_MS),
        },
        at,
      );
      const link = providers[provider].authorizeUrl({
        state,
        codeChallenge: createHash("sha256").update(codeVerifier).digest("base64url"),
        redirectUri: redirectUri(publicUrl, provider),
      });
      return { body: { link }, setCookie: browserCookie.serialize(state) };
    },

    /**
     * The browser back from the provider: where to send it next. `cookieHeader` must carry
     * the cookie of the consent link, else the link was opened in another browser (someone
     * else's link sent to the owner): refused with `oauth_reason=browser`.
     */
    async callback(
      provider: OAuthProviderName,
      query: Record<string, string>,
      cookieHeader: string | undefined,
    ): Promise<OAuthCallbackAnswer> {
      const state = query.state ?? "";
      const quizHint = /^(\d{1,10})\./.exec(state)?.[1];
      const setCookie = state ? browserCookie.clear(state) : undefined;
      const refused = (reason?: string): OAuthCallbackAnswer => ({
        location: quizHint
          ? tab(quizHint, `oauth_error=${provider}${reason ? `&oauth_reason=${reason}` : ""}`)
          : `${publicUrl}/`,
        ...(setCookie ? { setCookie } : {}),
      });
      const row = state ? await takeOAuthState(db, hashOf(state)) : undefined;
      if (!row || row.provider !== provider || row.expiresAt.getTime() < now().getTime()) {
        return refused();
      }
      // Taken (used up) even so: a link that reached the wrong browser is of no use to anyone.
      if (!browserCookie.matches(cookieHeader, state)) return refused("browser");
      if (query.error || !query.code) return refused();
      try {
        await requireOwnedQuiz(db, row.userId, row.quizId);
      } catch {
        return refused();
      }
      let made: Awaited<ReturnType<OAuthProvider["exchange"]>>;
      try {
        made = await providers[provider].exchange({
          code: query.code,
          query,
          codeVerifier: box.open(row.codeVerifier),
          redirectUri: redirectUri(publicUrl, provider),
        });
      } catch (error) {
        if (error instanceof TokenCallError) return refused();
        throw error;
      }
      const secrets = box.seal(JSON.stringify(made.secrets));
      const existing = await connection(row.quizId, provider);
      if (existing) {
        await updateIntegration(db, existing.id, {
          secrets,
          settings: made.settings,
          isEnabled: true,
          disabledReason: null,
        });
      } else {
        await insertIntegration(db, {
          quizId: row.quizId,
          userId: row.userId,
          type: provider,
          settings: made.settings,
          secrets,
          isEnabled: true,
        });
      }
      return {
        location: tab(row.quizId, `connected=${provider}`),
        setCookie: browserCookie.clear(state),
      };
    },

    async get(userId: number, provider: OAuthProviderName, quizId: number) {
      await requireOwnedQuiz(db, userId, quizId);
      const row = await connection(quizId, provider);
      if (!row) throw new AppError("not_found");
      const delivery = (await lastDeliveries(db, [row.id])).get(row.id);
      return {
        ...commonAnswer(row, delivery),
        provider,
        account: providers[provider].account(row.settings),
      } satisfies OAuthIntegration;
    },

    async remove(userId: number, provider: OAuthProviderName, quizId: number) {
      await requireOwnedQuiz(db, userId, quizId);
      const row = await connection(quizId, provider);
      if (!row) throw new AppError("not_found");
      await deleteIntegration(db, row.id);
    },
  };
}

/** The callback to register with each provider (docs/delivery.md, "OAuth targets"). */
export function redirectUri(publicUrl: string, provider: OAuthProviderName): string {
  return `${publicUrl}${apiAddress(fillPath(endpoints.oauthCallback.path, { provider }))}`;
}
