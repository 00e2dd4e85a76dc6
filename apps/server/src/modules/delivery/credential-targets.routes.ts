import {
  apiPaths,
  type CredentialTargetName,
  credentialTargetNames,
  credentialTargetSchemas,
  idParamsSchema,
  integrationTargets,
} from "@leadquiz/contract";
import { z } from "zod";
import type { CredentialTarget } from "./credential-targets";
import {
  deliveryAnswers as answers,
  type DeliveryRouteDeps,
  type DeliveryRouteScope,
  deliveryTags as tags,
} from "./delivery-route-kit";

/**
 * The routes of every target connected with credentials (operations
 * `createBitrix24Integration`, `getKeycrmIntegration`, …), generated from the registry: at
 * `apiPaths[type]` and `apiPaths[typeOfQuiz]` (its `path` in packages/contract
 * `integrationTargets`), with its name and what its leads become.
 */
export function credentialTargetRoutes(
  routes: DeliveryRouteScope,
  { integrations }: DeliveryRouteDeps,
  targets: Record<CredentialTargetName, CredentialTarget>,
) {
  for (const type of credentialTargetNames) {
    const { name, leadsBecome } = integrationTargets[type];
    const target = targets[type];
    const paths = { create: apiPaths[type], ofQuiz: apiPaths[`${type}OfQuiz`](":id") };
    const schemas = credentialTargetSchemas[type];
    routes.post(
      paths.create,
      {
        schema: {
          tags,
          summary: `Connects ${name} to a quiz`,
          description:
            `Leads become ${leadsBecome}. The credentials are checked against the target ` +
            "once first (400 with the target's reason). One per quiz.",
          body: schemas.create,
          response: { 201: schemas.answer, ...answers },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            schemas.answer.parse(
              await integrations.createCredential(request.userId, target, request.body),
            ),
          ),
    );
    routes.get(
      paths.ofQuiz,
      {
        schema: {
          tags,
          summary: `Reads a quiz's ${name} connection`,
          description: "404 when the quiz has none. Secrets are masked.",
          params: idParamsSchema,
          response: { 200: schemas.answer, ...answers },
        },
      },
      async (request) =>
        schemas.answer.parse(
          await integrations.getCredential(request.userId, target, request.params.id),
        ),
    );
    routes.patch(
      paths.ofQuiz,
      {
        schema: {
          tags,
          summary: `Changes a quiz's ${name} connection`,
          description: "New credentials (or a new list) are checked against the target first.",
          params: idParamsSchema,
          body: schemas.update,
          response: { 200: schemas.answer, ...answers },
        },
      },
      async (request) =>
        schemas.answer.parse(
          await integrations.updateCredential(
            request.userId,
            target,
            request.params.id,
            request.body,
          ),
        ),
    );
    routes.delete(
      paths.ofQuiz,
      {
        schema: {
          tags,
          summary: `Disconnects a quiz's ${name} account`,
          params: idParamsSchema,
          response: { 204: z.void(), ...answers },
        },
      },
      async (request, reply) => {
        await integrations.removeCredential(request.userId, target, request.params.id);
        return reply.status(204).send();
      },
    );
  }
}
