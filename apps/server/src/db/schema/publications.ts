import type { PublicQuiz } from "@leadquiz/contract";
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { quizzes } from "./quizzes";

/**
 * Immutable published snapshots: `POST publication-quiz/` stores the draft as version n+1.
 * Visitors only ever see the latest snapshot of a published, live quiz; leads keep the
 * version they were answered against.
 */
export const quizPublications = pgTable(
  "quiz_publications",
  {
    id: serial("id").primaryKey(),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** The draft_version the snapshot was taken from. */
    draftVersion: integer("draft_version").notNull(),
    snapshot: jsonb("snapshot").$type<PublicQuiz>().notNull(),
    /**
     * The snapshot's question ids in order, kept by PostgreSQL: the lead export's trigger
     * reads these instead of the whole snapshot (docs/leads.md "Export").
     */
    questionIds: jsonb("question_ids")
      .$type<number[]>()
      .notNull()
      .generatedAlwaysAs(sql`jsonb_path_query_array(snapshot, '$.questions[*].id')`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("quiz_publications_quiz_version_key").on(t.quizId, t.version),
    index("quiz_publications_quiz_idx").on(t.quizId, t.version),
  ],
);
