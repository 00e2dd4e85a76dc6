import type { OAuthProviderName } from "@leadquiz/contract";
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "@/shared/api/api-client";
import { type CredentialTargetName, integrationsApi } from "./integrations-api";
import { oauthApi } from "./oauth-api";
import { integrationsKey } from "./use-integration-actions";

/**
 * The reads of the tab, shared by the list of connections and each target's panel: one
 * request per target, whichever of them asks first.
 */
export const integrationQueries = {
  emails: (api: ApiClient, quizId: number) =>
    queryOptions({
      queryKey: [...integrationsKey(quizId), "emails"],
      queryFn: () => integrationsApi.emails(api, quizId),
    }),
  webhooks: (api: ApiClient, quizId: number) =>
    queryOptions({
      queryKey: [...integrationsKey(quizId), "webhooks"],
      queryFn: () => integrationsApi.webhooks(api, quizId),
    }),
  telegram: (api: ApiClient, quizId: number) =>
    queryOptions({
      queryKey: [...integrationsKey(quizId), "telegram"],
      queryFn: () => integrationsApi.telegram(api, quizId),
      // A refetch makes a new start link; the one the owner opened must stay on screen.
      refetchOnWindowFocus: false,
    }),
  credential: (api: ApiClient, quizId: number, target: CredentialTargetName) =>
    queryOptions({
      queryKey: [...integrationsKey(quizId), target],
      queryFn: () => integrationsApi.credential(api, target, quizId),
    }),
  oauth: (api: ApiClient, quizId: number, provider: OAuthProviderName) =>
    queryOptions({
      queryKey: [...integrationsKey(quizId), provider],
      queryFn: () => oauthApi.connection(api, provider, quizId),
    }),
  oauthTargets: (api: ApiClient) =>
    queryOptions({
      queryKey: ["oauth-targets"],
      queryFn: () => oauthApi.targets(api),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
