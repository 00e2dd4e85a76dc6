import { z } from "zod";
import { idSchema } from "./quiz-common";

/**
 * Funnel analytics of a published quiz (docs/api.md "Visitors"): `POST client-sessions/`
 * opens a visitor session, `POST public/quiz/{public_key}/events/` records a step of it.
 */

const VISITOR_URL_MAX = 2048;

/** `POST client-sessions/`: the quiz by its public key and where the visitor came from. */
export const clientSessionRequestSchema = z.object({
  quiz: z.string().min(1).max(64),
  /** Always true for the runtime's analytics session (kept from the original API). */
  service_session: z.boolean().optional(),
  utm: z.record(z.string().max(64), z.string().max(255)).optional(),
  referrer: z.string().max(VISITOR_URL_MAX).optional(),
  page_url: z.string().max(VISITOR_URL_MAX).optional(),
});
export type ClientSessionRequest = z.infer<typeof clientSessionRequestSchema>;

export const clientSessionSchema = z.object({ session: z.uuid() });
export type ClientSession = z.infer<typeof clientSessionSchema>;

export const quizEventTypeSchema = z.enum([
  "view",
  "start",
  "reach",
  "answer",
  "contacts",
  "result",
]);
export type QuizEventType = z.infer<typeof quizEventTypeSchema>;

/**
 * `POST public/quiz/{public_key}/events/`: `session` from client-sessions/ (null or unknown:
 * stored without a session); `question` names the question of a `reach` (shown) or `answer` event.
 */
export const quizEventRequestSchema = z.object({
  session: z.string().max(64).nullable().optional(),
  type: quizEventTypeSchema,
  question: idSchema.nullable().optional(),
});
export type QuizEventRequest = z.infer<typeof quizEventRequestSchema>;

export const visitorQuizParamsSchema = z.object({ public_key: z.string().min(1).max(64) });
