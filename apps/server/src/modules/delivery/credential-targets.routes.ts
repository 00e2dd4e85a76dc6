import {
  type CredentialTargetName,
  credentialTargetEndpoints,
  credentialTargetNames,
  credentialTargetSchemas,
} from "@leadquiz/contract";
import { defineRoute } from "../../plugins/define-route";
import type { CredentialTarget } from "./credential-targets";
import type { DeliveryRouteDeps, DeliveryRouteScope } from "./delivery-route-kit";

/**
 * The routes of every target connected with credentials (operations
 * `createBitrix24Integration`, `getKeycrmIntegration`, …), from the endpoints the contract
 * generates from the registry (`credentialTargetEndpoints`).
 */
export function credentialTargetRoutes(
  routes: DeliveryRouteScope,
  { integrations }: DeliveryRouteDeps,
  targets: Record<CredentialTargetName, CredentialTarget>,
) {
  for (const type of credentialTargetNames) {
    const target = targets[type];
    const endpoints = credentialTargetEndpoints(type);
    const { answer } = credentialTargetSchemas[type];
    defineRoute(routes, endpoints.create, async (request, reply) =>
      reply
        .status(201)
        .send(
          answer.parse(await integrations.createCredential(request.userId, target, request.body)),
        ),
    );
    defineRoute(routes, endpoints.get, async (request) =>
      answer.parse(await integrations.getCredential(request.userId, target, request.params.id)),
    );
    defineRoute(routes, endpoints.update, async (request) =>
      answer.parse(
        await integrations.updateCredential(
          request.userId,
          target,
          request.params.id,
          request.body,
        ),
      ),
    );
    defineRoute(routes, endpoints.remove, async (request, reply) => {
      await integrations.removeCredential(request.userId, target, request.params.id);
      return reply.status(204).send();
    });
  }
}
