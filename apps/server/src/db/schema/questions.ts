import type { QuestionConfig } from "@leadquiz/contract";
import {
  type AnswersOperator,
  type ConditionKind,
  type NumberOperator,
  type QuestionType,
  questionTypes,
  type RangeOperator,
} from "@leadquiz/engine";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { quizzes } from "./quizzes";

/** The codes `questions.type` may hold: the engine's; a new one changes the check (a migration). */
const [firstType, lastType] = [Math.min(...questionTypes), Math.max(...questionTypes)];

/**
 * A question of a quiz; type 1 List, 2 Cards, 3 Select, 4 Text, 5 Rating, 6 Date, 7 Slider
 * (docs/codes.md).
 */
export const questions = pgTable(
  "questions",
  {
    id: serial("id").primaryKey(),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    sort: integer("sort").notNull().default(0),
    type: smallint("type").$type<QuestionType>().notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    buttonText: text("button_text").notNull().default(""),
    required: boolean("required").notNull().default(false),
    /** Storage path of the uploaded image or video, or null. */
    media: text("media"),
    videoUrl: text("video_url"),
    config: jsonb("config").$type<QuestionConfig>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index("questions_quiz_sort_idx").on(t.quizId, t.sort, t.id),
    check(
      "questions_type_check",
      sql`${t.type} between ${sql.raw(String(firstType))} and ${sql.raw(String(lastType))}`,
    ),
  ],
);

/** An answer of a List, Cards or Select question. */
export const answers = pgTable(
  "answers",
  {
    id: serial("id").primaryKey(),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    sort: integer("sort").notNull().default(0),
    text: text("text").notNull(),
    image: text("image"),
    isRight: boolean("is_right").notNull().default(false),
    /** Points are plain JSON numbers in the API and the engine: double precision. */
    points: doublePrecision("points").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index("answers_question_sort_idx").on(t.questionId, t.sort, t.id)],
);

/**
 * The columns of a condition (question conditions here, result conditions in results.ts).
 * `answers` are answer ids of the referenced question (no FK: the services remove ids of
 * deleted answers and remap them on copy). Number bounds are double precision; range
 * bounds are jsonb scalars, a number (Slider) or an ISO date/date-time string (Date), so
 * they come back exactly as written.
 */
export function conditionColumns() {
  return {
    refQuestionId: integer("ref_question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ConditionKind>().notNull(),
    answers: integer("answers").array().notNull().default(sql`'{}'::integer[]`),
    answersInclude: boolean("answers_include").notNull().default(true),
    answersOperator: text("answers_operator").$type<AnswersOperator>().notNull().default("or"),
    numberOperator: text("number_operator").$type<NumberOperator>().notNull().default("in_range"),
    numberFrom: doublePrecision("number_from"),
    numberTo: doublePrecision("number_to"),
    rangeOperator: text("range_operator").$type<RangeOperator>().notNull().default("inside"),
    rangeFrom: jsonb("range_from").$type<number | string>(),
    rangeTo: jsonb("range_to").$type<number | string>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  };
}

export const questionConditions = pgTable(
  "question_conditions",
  {
    id: serial("id").primaryKey(),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    ...conditionColumns(),
  },
  (t) => [
    index("question_conditions_question_idx").on(t.questionId, t.id),
    index("question_conditions_ref_question_idx").on(t.refQuestionId),
    check("question_conditions_kind_check", sql`${t.kind} in ('answers', 'number', 'range')`),
  ],
);
