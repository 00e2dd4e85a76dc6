import { sql } from "drizzle-orm";
import {
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { visitorSessions } from "./leads";
import { quizzes } from "./quizzes";

/**
 * The funnel rolled up (docs/analytics.md): per quiz, UTC day, UTM source, step and
 * question, how many visits reached that step. Written by the same statement that stores
 * a raw event (`quiz_events` stays append-only); the owner's reports read only these rows.
 * `question_id` is 0 for the steps that name no question; `utm_source` is '' when the
 * visit had none.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    utmSource: text("utm_source").notNull().default(""),
    /** view, start, reach (a question shown), answer, contacts, result. */
    step: text("step").notNull(),
    questionId: integer("question_id").notNull().default(0),
    /**
     * One of ANALYTICS_SHARDS rows per key, chosen at random per event, so concurrent events
     * of a busy quiz do not all queue on one row's lock; reports sum the shards.
     */
    shard: smallint("shard").notNull().default(0),
    visits: integer("visits").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.quizId, t.day, t.utmSource, t.step, t.questionId, t.shard] }),
    check(
      "analytics_daily_step_check",
      sql`${t.step} in ('view', 'start', 'reach', 'answer', 'contacts', 'result')`,
    ),
  ],
);

/**
 * The steps a visitor session has already counted, so a session counts once per step
 * (reloads and repeated answers do not inflate the funnel). Goes with its session.
 */
export const analyticsSessionSteps = pgTable(
  "analytics_session_steps",
  {
    sessionId: uuid("session_id")
      .notNull()
      .references(() => visitorSessions.id, { onDelete: "cascade" }),
    step: text("step").notNull(),
    questionId: integer("question_id").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.step, t.questionId] })],
);
