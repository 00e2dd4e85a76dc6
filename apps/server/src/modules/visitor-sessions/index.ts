/**
 * The visitor-sessions module's public face: the cached lookup of live quizzes by public
 * key, the visitor JSON body handling, the per-IP counters and limits, and the SQL
 * condition that ties a visitor's session id to a quiz. The leads module (the other
 * visitor call) builds on them.
 */
export {
  type LeadQuiz,
  type LiveQuiz,
  type PublicQuizLookup,
  publicQuizLookupFor,
} from "./public-quiz-lookup";
export { acceptVisitorJson } from "./visitor-body";
export { type VisitorCounters, visitorCountersFor } from "./visitor-counters";
export {
  countRequest,
  type LeadRate,
  leadCounters,
  leadRateOf,
  leadRefused,
  VISITOR_LIMITS,
  type VisitorLimits,
  visitorLimitsWith,
} from "./visitor-limits";
export { sessionOfQuiz } from "./visitor-sessions.repository";
