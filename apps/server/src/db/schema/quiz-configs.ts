import type {
  BannerSection,
  BodySection,
  ChatSection,
  LandingSection,
  PopupSection,
  TriggerSection,
} from "@leadquiz/contract";
import { IconKind } from "@leadquiz/contract/codes";
import { sql } from "drizzle-orm";
import {
  check,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { quizzes } from "./quizzes";
import type { Stored } from "./stored-json";

/**
 * The publication settings of a quiz (at most one per quiz). `landing.subdomain` is kept
 * in its own column, unique across the service (by lower case), not in the `landing`
 * jsonb; the presenter puts it back into `landing`. Deleting a quiz should set it to null
 * so the subdomain is free again.
 */
export const quizConfigs = pgTable(
  "quiz_configs",
  {
    id: serial("id").primaryKey(),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    displayMode: text("display_mode").$type<"regular" | "button">().notNull().default("regular"),
    iconKind: smallint("icon_kind").$type<IconKind>().notNull().default(IconKind.Icon),
    media: text("media"),
    image: text("image"),
    trigger: jsonb("trigger").$type<Stored<TriggerSection>>().notNull().default({}),
    banner: jsonb("banner").$type<Stored<BannerSection>>().notNull().default({}),
    popup: jsonb("popup").$type<Stored<PopupSection>>().notNull().default({}),
    landing: jsonb("landing")
      .$type<Stored<Omit<LandingSection, "subdomain">>>()
      .notNull()
      .default({}),
    body: jsonb("body").$type<Stored<BodySection>>().notNull().default({}),
    chat: jsonb("chat").$type<Stored<ChatSection>>().notNull().default({}),
    subdomain: text("subdomain"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex("quiz_configs_quiz_key").on(t.quizId),
    uniqueIndex("quiz_configs_subdomain_lower_key").on(sql`lower(${t.subdomain})`),
    check("quiz_configs_display_mode_check", sql`${t.displayMode} in ('regular', 'button')`),
    check("quiz_configs_icon_kind_check", sql`${t.iconKind} between 1 and 3`),
  ],
);
