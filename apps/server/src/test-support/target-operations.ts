import {
  type Endpoint,
  endpoints,
  type IntegrationTargetKey,
  type OAuthProviderName,
  oauthTargetEndpoints,
  targetDescriptor,
} from "@leadquiz/contract";

const ID = "{id}";

/** `get /telegram-integration/{id}/`: an operation as this file lists it. */
const operation = ({ method, path }: Endpoint) => `${method.toLowerCase()} ${path}`;

/**
 * The operations (`method /path`, the path as the OpenAPI document spells it below
 * /api/v1) through which an owner connects a target of the registry, by how it connects
 * (packages/contract `integrationTargets`; the endpoint table's entries of each kind).
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
    case "oauth": {
      const oauth = oauthTargetEndpoints(key as OAuthProviderName);
      return [oauth.consentLink, oauth.get, oauth.remove].map(operation);
    }
    case "email":
      return [
        endpoints.createEmailIntegration,
        endpoints.listEmailIntegrations,
        endpoints.deleteEmailIntegration,
      ].map(operation);
    case "webhook":
      return [
        endpoints.createWebhookIntegration,
        endpoints.listWebhookIntegrations,
        endpoints.updateWebhookIntegration,
        endpoints.deleteWebhookIntegration,
      ].map(operation);
    case "bot":
      return [
        endpoints.createTelegramIntegration,
        endpoints.getTelegramIntegration,
        endpoints.deleteTelegramIntegration,
      ].map(operation);
    case "hook":
      return [endpoints.subscribeHook, endpoints.unsubscribeHook].map(operation);
  }
}
