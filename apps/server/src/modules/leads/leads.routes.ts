import { leadsEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ApiOptions } from "../../app-context";
import { defineRoute } from "../../plugins/define-route";
import { leadDeliveriesOf } from "../delivery";
import {
  acceptVisitorJson,
  countRequest,
  publicQuizLookupFor,
  VISITOR_LIMITS,
  visitorCountersFor,
  visitorLimitsWith,
} from "../visitor-sessions";
import { createLeadsService } from "./leads.service";

/** A lead body is a few KB; 256 KB leaves room for long texts and answers 413 beyond. */
export const LEAD_BODY_LIMIT = 256 * 1024;

/**
 * The visitor's lead (no account): `POST public/quiz/{public_key}/lead/`, and what a visitor
 * who leaves unfinished gave (`POST public/quiz/{public_key}/partial-lead/`).
 */
export async function leadsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const counters = visitorCountersFor(app, context);
  const limited = context.config.rateLimit.enabled;
  const service = createLeadsService({
    db: context.db,
    log: context.log.child({ module: "leads" }),
    lookup: publicQuizLookupFor(context.db),
    counters,
    limits: limited ? visitorLimitsWith(context.config.leadRefused) : null,
    alsoWrite: leadDeliveriesOf,
    graceMs: context.config.leadGraceMs,
  });
  app.addHook("onClose", async () => service.drain());
  // Encapsulated by api.ts's register: the JSON handling applies to this route only.
  acceptVisitorJson(app);

  defineRoute(
    app,
    endpoints.submitLead,
    async (request, reply) => {
      const { response, replayed } = await service.submit({
        publicKey: request.params.public_key,
        submission: request.body,
        ip: request.ip,
      });
      if (replayed) reply.header("idempotent-replayed", "true");
      return reply.status(201).send(response);
    },
    { bodyLimit: LEAD_BODY_LIMIT },
  );

  defineRoute(
    app,
    endpoints.submitPartialLead,
    async (request, reply) => {
      if (limited) {
        await countRequest(counters, VISITOR_LIMITS.eventsPerIp, "events", request.ip);
      }
      await service.submitPartial(request.params.public_key, request.body);
      return reply.status(204).send();
    },
    { bodyLimit: LEAD_BODY_LIMIT },
  );
}
