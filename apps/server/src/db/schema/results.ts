import type { FormulaElement, FormulaError, OutputRow, ResultConfig } from "@leadquiz/contract";
import type { ConditionMode, ResultType } from "@leadquiz/engine";
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
import { conditionColumns } from "./questions";
import { quizzes } from "./quizzes";

/** A result; type 1 Const, 2 Formula, 3 Sum; condition_mode 0 None, 1 Logic, 2 Formula, 3 Range. */
export const results = pgTable(
  "results",
  {
    id: serial("id").primaryKey(),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    sort: integer("sort").notNull().default(0),
    type: smallint("type").$type<ResultType>().notNull().default(1),
    conditionMode: smallint("condition_mode").$type<ConditionMode>().notNull().default(0),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    additionalDescription: text("additional_description").notNull().default(""),
    media: text("media"),
    showTotal: boolean("show_total").notNull().default(false),
    unit: text("unit"),
    rangeFrom: doublePrecision("range_from"),
    rangeTo: doublePrecision("range_to"),
    formula: jsonb("formula").$type<FormulaElement[]>().notNull().default([]),
    /** Saved with the formula: the engine's validateFormula verdict at the time of saving. */
    formulaValid: boolean("formula_valid").notNull().default(true),
    formulaErrors: jsonb("formula_errors").$type<FormulaError[]>().notNull().default([]),
    useGeneralFormula: boolean("use_general_formula").notNull().default(false),
    output: jsonb("output").$type<OutputRow[]>().notNull().default([]),
    buttonText: text("button_text").notNull().default(""),
    buttonLink: text("button_link").notNull().default(""),
    sendToEmail: boolean("send_to_email").notNull().default(false),
    config: jsonb("config").$type<ResultConfig>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index("results_quiz_sort_idx").on(t.quizId, t.sort, t.id),
    check("results_type_check", sql`${t.type} between 1 and 3`),
    check("results_condition_mode_check", sql`${t.conditionMode} between 0 and 3`),
  ],
);

/** A result condition: the columns of a question condition, owned by a result. */
export const resultConditions = pgTable(
  "result_conditions",
  {
    id: serial("id").primaryKey(),
    resultId: integer("result_id")
      .notNull()
      .references(() => results.id, { onDelete: "cascade" }),
    ...conditionColumns(),
  },
  (t) => [
    index("result_conditions_result_idx").on(t.resultId, t.id),
    index("result_conditions_ref_question_idx").on(t.refQuestionId),
    check("result_conditions_kind_check", sql`${t.kind} in ('answers', 'number', 'range')`),
  ],
);
