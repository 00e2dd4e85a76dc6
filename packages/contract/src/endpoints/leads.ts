import { errorBodySchema, quizClosedBodySchema, validationErrorBodySchema } from "../errors";
import { leadResponseSchema, leadSubmissionSchema, partialLeadSchema } from "../public-quiz";
import { visitorQuizParamsSchema } from "../visitor-sessions";
import { endpoint, noContentSchema } from "./endpoint";

/** The operations of apps/server's leads.routes.ts (docs/api.md). */
export const leadsEndpoints = {
  submitLead: endpoint({
    method: "POST",
    path: "/public/quiz/{public_key}/lead/",
    operationId: "submitLead",
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
      "(a replay of a stored lead is still answered 201). 413 over 256 KB. Over the " +
      "per-address rate (10 per quiz in 10 minutes, 30 an hour) the lead is stored with " +
      "the flag `over_rate` and its deliveries held until the owner lets it through; 429 " +
      "`rate_limited` only at abuse-level rates (120 per quiz in 10 minutes, 600 an hour " +
      "per address by default; never for a first lead or a replay).",
    params: visitorQuizParamsSchema,
    body: leadSubmissionSchema,
    responses: {
      201: leadResponseSchema,
      400: validationErrorBodySchema,
      404: errorBodySchema,
      410: quizClosedBodySchema,
      413: errorBodySchema,
      429: errorBodySchema,
    },
  }),
  submitPartialLead: endpoint({
    method: "POST",
    path: "/public/quiz/{public_key}/partial-lead/",
    operationId: "submitPartialLead",
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
    responses: {
      204: noContentSchema,
      400: validationErrorBodySchema,
      404: errorBodySchema,
      410: quizClosedBodySchema,
      413: errorBodySchema,
      429: errorBodySchema,
    },
  }),
} as const;
