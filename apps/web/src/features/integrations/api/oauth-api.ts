import {
  endpoints,
  type OAuthIntegration,
  type OAuthProviderName,
  type OAuthTargets,
  oauthProviders,
  oauthTargetEndpoints,
} from "@leadquiz/contract";
import type { ApiClient } from "@/shared/api/api-client";
import { ApiError } from "@/shared/api/api-error";

/** Each OAuth CRM's operations: its consent link, its connection of a quiz. */
const providerCalls = Object.fromEntries(
  oauthProviders.map((provider) => [provider, oauthTargetEndpoints(provider)]),
) as Record<OAuthProviderName, ReturnType<typeof oauthTargetEndpoints>>;

/** The calls of the OAuth CRM cards (docs/api.md "Lead delivery"). */
export const oauthApi = {
  targets: (api: ApiClient): Promise<OAuthTargets> => api.call(endpoints.listOAuthTargets),
  /** A fresh consent link (single use, 10 minutes): fetched when the owner presses connect. */
  link: async (api: ApiClient, provider: OAuthProviderName, quizId: number) =>
    (await api.call(providerCalls[provider].consentLink, { params: { id: quizId } })).link,
  /** The quiz's connection, or null when there is none (404). */
  async connection(
    api: ApiClient,
    provider: OAuthProviderName,
    quizId: number,
  ): Promise<OAuthIntegration | null> {
    try {
      return await api.call(providerCalls[provider].get, { params: { id: quizId } });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  disconnect: (api: ApiClient, provider: OAuthProviderName, quizId: number) =>
    api.call(providerCalls[provider].remove, { params: { id: quizId } }),
};
