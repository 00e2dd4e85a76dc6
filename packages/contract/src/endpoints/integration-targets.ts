import { z } from "zod";
import { integrationTargets, operationNameOf } from "../integration-targets";
import {
  type CredentialTargetName,
  credentialTargetNames,
  credentialTargetSchemas,
  type OAuthProviderName,
  oauthIntegrationSchema,
  oauthLinkSchema,
  oauthProviders,
} from "../integrations";
import { idParamsSchema } from "../quiz-common";
import { deliveryAnswers as answers, deliveryTags as tags } from "./delivery-shared";
import { type Endpoint, endpoint } from "./endpoint";

/**
 * The operations of a target connected with credentials (`createBitrix24Integration`,
 * `getBitrix24Integration`, …), generated from its entry in the integration registry
 * (integration-targets.ts): its path, its name and what its leads become.
 */
export function credentialTargetEndpoints(type: CredentialTargetName) {
  const { name, leadsBecome, connect } = integrationTargets[type];
  const schemas = credentialTargetSchemas[type];
  const operation = `${operationNameOf(type)}Integration`;
  // `/{path}/` connects a quiz, `/{path}/{id}/` is the quiz's connection (integration-targets.ts),
  // spelled as a pattern with `{id}` so that a caller's `params` are typed (`api.call`).
  const path = `/${connect.path}/`;
  const ofQuiz = `${path}{id}/` as `/${string}/{id}/`;
  return {
    create: endpoint({
      method: "POST",
      path,
      operationId: `create${operation}`,
      tags,
      summary: `Connects ${name} to a quiz`,
      description:
        `Leads become ${leadsBecome}. The credentials are checked against the target ` +
        "once first (400 with the target's reason). One per quiz.",
      body: schemas.create,
      responses: { 201: schemas.answer, ...answers },
    }),
    get: endpoint({
      method: "GET",
      path: ofQuiz,
      operationId: `get${operation}`,
      tags,
      summary: `Reads a quiz's ${name} connection`,
      description: "404 when the quiz has none. Secrets are masked.",
      params: idParamsSchema,
      responses: { 200: schemas.answer, ...answers },
    }),
    update: endpoint({
      method: "PATCH",
      path: ofQuiz,
      operationId: `update${operation}`,
      tags,
      summary: `Changes a quiz's ${name} connection`,
      description: "New credentials (or a new list) are checked against the target first.",
      params: idParamsSchema,
      body: schemas.update,
      responses: { 200: schemas.answer, ...answers },
    }),
    remove: endpoint({
      method: "DELETE",
      path: ofQuiz,
      operationId: `delete${operation}`,
      tags,
      summary: `Disconnects a quiz's ${name} account`,
      params: idParamsSchema,
      responses: { 204: z.void(), ...answers },
    }),
  };
}

/**
 * The operations of an OAuth CRM of the registry (`getHubspotAuthLink`,
 * `getHubspotIntegration`, `deleteHubspotIntegration`; docs/delivery.md "OAuth targets").
 */
export function oauthTargetEndpoints(provider: OAuthProviderName) {
  const { name, connect } = integrationTargets[provider];
  // `/{provider}/{consent}` with the quiz as `{id}` (`consent` in integration-targets.ts);
  // patterns with `{id}`, so that a caller's `params` are typed (`api.call`).
  const link =
    `/${provider}/${connect.consent.replace("{quiz}", "{id}")}` as `/${string}/{id}${string}`;
  // `auth-link/{quiz}/` → `AuthLink`
  const linkName = link.split("/")[2]?.split("-").map(operationNameOf).join("");
  const ofQuiz = `/${provider}/{id}/` as `/${string}/{id}/`;
  return {
    consentLink: endpoint({
      method: "GET",
      path: link,
      operationId: `get${operationNameOf(provider)}${linkName}`,
      tags,
      summary: `The ${name} consent link for a quiz`,
      description:
        "Open it in the browser that asked for it (the answer sets a short-lived cookie " +
        "the callback checks); it works once, for 10 minutes. 404 when the server " +
        `has no ${name} app (\`oauth_not_configured\`).`,
      params: idParamsSchema,
      responses: { 200: oauthLinkSchema, ...answers },
      errors: [404],
    }),
    get: endpoint({
      method: "GET",
      path: ofQuiz,
      operationId: `get${operationNameOf(provider)}Integration`,
      tags,
      summary: `Reads a quiz's ${name} connection`,
      description:
        "404 when not connected. Tokens are never answered; `disabled_reason: " +
        '"reauthorise"` asks the owner to connect again.',
      params: idParamsSchema,
      responses: { 200: oauthIntegrationSchema, ...answers },
    }),
    remove: endpoint({
      method: "DELETE",
      path: ofQuiz,
      operationId: `delete${operationNameOf(provider)}Integration`,
      tags,
      summary: `Disconnects a quiz's ${name} account`,
      params: idParamsSchema,
      responses: { 204: z.void(), ...answers },
    }),
  };
}

/** Every registry-generated operation, credential targets first, then the OAuth CRMs. */
export const integrationTargetEndpointList: readonly Endpoint[] = [
  ...credentialTargetNames.flatMap((type) => Object.values(credentialTargetEndpoints(type))),
  ...oauthProviders.flatMap((provider) => Object.values(oauthTargetEndpoints(provider))),
];
