import {
  apiPaths,
  type OAuthIntegration,
  type OAuthProviderName,
  type OAuthTargets,
  oauthIntegrationSchema,
  oauthLinkSchema,
  oauthTargetsSchema,
} from "@leadquiz/contract";
import type { ApiClient } from "@/shared/api/api-client";
import { ApiError } from "@/shared/api/api-error";

const links: Record<OAuthProviderName, (quizId: number) => string> = {
  hubspot: apiPaths.hubspotAuthLink,
  salesforce: apiPaths.salesforceAuthUrl,
  zoho: apiPaths.zohoAuthUrl,
};

/** The calls of the OAuth CRM cards (docs/api.md "Lead delivery"). */
export const oauthApi = {
  targets: (api: ApiClient): Promise<OAuthTargets> =>
    api.get(apiPaths.oauthTargets, oauthTargetsSchema),
  /** A fresh consent link (single use, 10 minutes): fetched when the owner presses connect. */
  link: async (api: ApiClient, provider: OAuthProviderName, quizId: number) =>
    (await api.get(links[provider](quizId), oauthLinkSchema)).link,
  /** The quiz's connection, or null when there is none (404). */
  async connection(
    api: ApiClient,
    provider: OAuthProviderName,
    quizId: number,
  ): Promise<OAuthIntegration | null> {
    try {
      return await api.get(
        apiPaths.oauthIntegrationOfQuiz(provider, quizId),
        oauthIntegrationSchema,
      );
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  disconnect: (api: ApiClient, provider: OAuthProviderName, quizId: number) =>
    api.request(apiPaths.oauthIntegrationOfQuiz(provider, quizId), { method: "DELETE" }),
};
