import { visitorSessionsEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { FieldErrors } from "../../lib/app-error";
import { defineRoute } from "../../plugins/define-route";
import { createFunnelEventBatcher } from "../analytics";
import { publicQuizLookupFor } from "./public-quiz-lookup";
import { acceptVisitorJson } from "./visitor-body";
import { visitorCountersFor } from "./visitor-counters";
import { countRequest, VISITOR_LIMITS } from "./visitor-limits";
import { createVisitorSessionsService } from "./visitor-sessions.service";

const SESSION_BODY_LIMIT = 16 * 1024;
const EVENT_BODY_LIMIT = 4 * 1024;

/**
 * The funnel calls of the visitor runtime (no account): a session per visit and its events.
 * Hot paths: a cached key lookup (public-quiz-lookup.ts); a session is one INSERT, events
 * are written in batches (group commit, docs/analytics.md "Ingest").
 */
export async function visitorSessionsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const events = createFunnelEventBatcher(context.db);
  // Events handed over before the server stops are still written.
  app.addHook("onClose", async () => events.drain());
  const service = createVisitorSessionsService({
    db: context.db,
    lookup: publicQuizLookupFor(context.db),
    events,
  });
  const counters = visitorCountersFor(app, context);
  const limited = context.config.rateLimit.enabled;

  // Encapsulated by api.ts's register: the JSON handling applies to these routes only.
  acceptVisitorJson(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  defineRoute(
    routes,
    endpoints.openVisitorSession,
    async (request, reply) => {
      if (limited) {
        await countRequest(counters, VISITOR_LIMITS.sessionsPerIp, "sessions", request.ip);
      }
      const session = await service.openSession(request.body.quiz, request.body);
      return reply.status(201).send({ session });
    },
    { bodyLimit: SESSION_BODY_LIMIT },
  );

  defineRoute(
    routes,
    endpoints.recordVisitEvent,
    async (request, reply) => {
      if (limited) {
        await countRequest(counters, VISITOR_LIMITS.eventsPerIp, "events", request.ip);
      }
      const { type, question, session } = request.body;
      const withQuestion = type === "answer" || type === "reach";
      if (withQuestion && (question === undefined || question === null)) {
        throw new FieldErrors({ question: ["required"] });
      }
      await service.recordEvent(request.params.public_key, {
        type,
        session,
        questionId: withQuestion ? (question ?? null) : null,
      });
      return reply.status(204).send();
    },
    { bodyLimit: EVENT_BODY_LIMIT },
  );
}
