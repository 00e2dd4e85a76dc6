import {
  apiPaths,
  clientSessionRequestSchema,
  clientSessionSchema,
  errorBodySchema,
  quizEventRequestSchema,
  validationErrorBodySchema,
  visitorQuizParamsSchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { FieldErrors } from "../../lib/app-error";
import { createFunnelEventBatcher } from "../analytics";
import { publicQuizLookupFor } from "./public-quiz-lookup";
import { acceptVisitorJson } from "./visitor-body";
import { visitorCountersFor } from "./visitor-counters";
import { countRequest, VISITOR_LIMITS } from "./visitor-limits";
import { createVisitorSessionsService } from "./visitor-sessions.service";

const tags = ["visitors"];
const errors = {
  400: validationErrorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  429: errorBodySchema,
};
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

  routes.post(
    apiPaths.clientSessions,
    {
      bodyLimit: SESSION_BODY_LIMIT,
      schema: {
        tags,
        summary: "Opens a visitor session of a published quiz",
        description:
          "`quiz` is the public key; 404 when the quiz is not published or deleted. " +
          "Answers the session id for `events/` and the lead.",
        body: clientSessionRequestSchema,
        response: { 201: clientSessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (limited) {
        await countRequest(counters, VISITOR_LIMITS.sessionsPerIp, "sessions", request.ip);
      }
      const session = await service.openSession(request.body.quiz, request.body);
      return reply.status(201).send({ session });
    },
  );

  routes.post(
    apiPaths.publicQuizEvents(":public_key"),
    {
      bodyLimit: EVENT_BODY_LIMIT,
      schema: {
        tags,
        summary: "Records a funnel event of a visit",
        description:
          "`type`: view, start, reach (a question shown) and answer (both with `question`), " +
          "contacts, result. A session counts once per step (and question) in the owner's " +
          "reports; a missing or unknown `session` is stored as none (the event counts each time).",
        params: visitorQuizParamsSchema,
        body: quizEventRequestSchema,
        response: { 204: z.void().describe("No Content"), ...errors },
      },
    },
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
  );
}
