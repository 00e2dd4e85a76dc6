import {
  apiPaths,
  errorBodySchema,
  leadResponseSchema,
  leadSubmissionSchema,
  partialLeadSchema,
  quizClosedBodySchema,
  validationErrorBodySchema,
  visitorQuizParamsSchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { leadDeliveriesOf } from "../delivery";
import {
  acceptVisitorJson,
  countRequest,
  publicQuizLookupFor,
  VISITOR_LIMITS,
  visitorCountersFor,
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
    limits: limited ? VISITOR_LIMITS : null,
    alsoWrite: leadDeliveriesOf,
    graceMs: context.config.leadGraceMs,
  });
  app.addHook("onClose", async () => service.drain());
  // Encapsulated by api.ts's register: the JSON handling applies to this route only.
  acceptVisitorJson(app);

  app.withTypeProvider<ZodTypeProvider>().post(
    apiPaths.publicQuizLead(":public_key"),
    {
      bodyLimit: LEAD_BODY_LIMIT,
      schema: {
        tags: ["visitors"],
        summary: "Submits a visitor's lead",
        description:
          "Checks every answer and contact against the snapshot of `version` (any published " +
          "version of the quiz), recomputes the results with the engine and stores the lead " +
          "before answering 201. A repeated `submission_id` stores nothing and answers the " +
          "first lead's 201 again (header `idempotent-replayed: true`). 400 per field " +
          "(`answers.<i>.answers`, `questions.<id>`, `contacts.email`, `consent` …), 404 when " +
          "the quiz was never published. A quiz hidden, deleted or whose owner's tariff " +
          "ended still takes leads for `LEAD_GRACE_HOURS` (24 h) after; then 410 " +
          "`quiz_closed` with `reason` (`hidden`, `deleted`, `tariff_ended`) and `closed_at` " +
          "(a replay of a stored lead is still answered 201). 413 over 256 KB, 429 over the " +
          "visitor limits (never for a first lead or a replay).",
        params: visitorQuizParamsSchema,
        body: leadSubmissionSchema,
        response: {
          201: leadResponseSchema,
          400: validationErrorBodySchema,
          404: errorBodySchema,
          410: quizClosedBodySchema,
          413: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { response, replayed } = await service.submit({
        publicKey: request.params.public_key,
        submission: request.body,
        ip: request.ip,
      });
      if (replayed) reply.header("idempotent-replayed", "true");
      return reply.status(201).send(response);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    apiPaths.publicQuizPartialLead(":public_key"),
    {
      bodyLimit: LEAD_BODY_LIMIT,
      schema: {
        tags: ["visitors"],
        summary: "Keeps what a visitor who leaves unfinished gave so far",
        description:
          "Sent by the runtime when the visitor leaves (page hidden, or 30 minutes without " +
          "activity) after answering a question or typing a contact. Checked like a lead " +
          "but nothing is required; contacts are kept only with `consent` and only when " +
          "valid. One partial lead per visitor `session` (a session of this quiz, else " +
          "nothing is stored): the latest replaces the earlier, and the session's full lead " +
          "replaces it. 204 whatever is stored; 400 per field for answers the quiz does not have; " +
          "410 `quiz_closed` as for a lead once the quiz closed longer ago than the grace period.",
        params: visitorQuizParamsSchema,
        body: partialLeadSchema,
        response: {
          204: z.void().describe("No Content"),
          400: validationErrorBodySchema,
          404: errorBodySchema,
          410: quizClosedBodySchema,
          413: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (limited) {
        await countRequest(counters, VISITOR_LIMITS.eventsPerIp, "events", request.ip);
      }
      await service.submitPartial(request.params.public_key, request.body);
      return reply.status(204).send();
    },
  );
}
