import { errorBodySchema, validationErrorBodySchema } from "../errors";
import {
  clientSessionRequestSchema,
  clientSessionSchema,
  quizEventRequestSchema,
  visitorQuizParamsSchema,
} from "../visitor-sessions";
import { endpoint, noContentSchema } from "./endpoint";

const tags = ["visitors"];

const errors = {
  400: validationErrorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  429: errorBodySchema,
};

/** The operations of apps/server's visitor-sessions.routes.ts (docs/api.md). */
export const visitorSessionsEndpoints = {
  openVisitorSession: endpoint({
    method: "POST",
    path: "/client-sessions/",
    operationId: "openVisitorSession",
    tags,
    summary: "Opens a visitor session of a published quiz",
    description:
      "`quiz` is the public key; 404 when the quiz is not published or deleted. " +
      "Answers the session id for `events/` and the lead.",
    body: clientSessionRequestSchema,
    responses: { 201: clientSessionSchema, ...errors },
  }),
  recordVisitEvent: endpoint({
    method: "POST",
    path: "/public/quiz/{public_key}/events/",
    operationId: "recordVisitEvent",
    tags,
    summary: "Records a funnel event of a visit",
    description:
      "`type`: view, start, reach (a question shown) and answer (both with `question`), " +
      "contacts, result. A session counts once per step (and question) in the owner's " +
      "reports; a missing or unknown `session` is stored as none (the event counts each time).",
    params: visitorQuizParamsSchema,
    body: quizEventRequestSchema,
    responses: { 204: noContentSchema, ...errors },
  }),
} as const;
