import {
  apiPaths,
  type IntegrationTargetKey,
  type OAuthProviderName,
  targetDescriptor,
} from "@leadquiz/contract";

const ID = "{id}";

/**
 * The operations (`method /path`, the path as the OpenAPI document spells it below
 * /api/v1) through which an owner connects a target of the registry, by how it connects
 * (packages/contract `integrationTargets`).
 */
export function operationsOf(key: IntegrationTargetKey): string[] {
  const target = targetDescriptor(key);
  switch (target.connect.kind) {
    case "credentials": {
      const ofQuiz = `/${target.connect.path}/${ID}/`;
      return [
        `post /${target.connect.path}/`,
        `get ${ofQuiz}`,
        `patch ${ofQuiz}`,
        `delete ${ofQuiz}`,
      ];
    }
    case "oauth":
      return [
        `get ${apiPaths.oauthConsentLink(key as OAuthProviderName, ID)}`,
        `get ${apiPaths.oauthIntegrationOfQuiz(key, ID)}`,
        `delete ${apiPaths.oauthIntegrationOfQuiz(key, ID)}`,
      ];
    case "email":
      return [
        `post ${apiPaths.emailIntegrationCreate}`,
        `get ${apiPaths.emailIntegrationList(ID)}`,
        `delete ${apiPaths.emailIntegrationDelete(ID)}`,
      ];
    case "webhook":
      return [
        `post ${apiPaths.webhookIntegrations}`,
        `get ${apiPaths.webhookIntegrationsOfQuiz(ID)}`,
        `patch ${apiPaths.webhookIntegrationById(ID)}`,
        `delete ${apiPaths.webhookIntegrationById(ID)}`,
      ];
    case "bot":
      return [
        `post ${apiPaths.telegramIntegration}`,
        `get ${apiPaths.telegramIntegrationOfQuiz(ID)}`,
        `delete ${apiPaths.telegramIntegrationOfQuiz(ID)}`,
      ];
    case "hook":
      return [`post ${apiPaths.hooks}`, `delete ${apiPaths.hookById(ID)}`];
  }
}
