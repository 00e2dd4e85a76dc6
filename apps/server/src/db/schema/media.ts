import type { MediaEntity, VideoCompressStatus } from "@leadquiz/contract";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { quizzes } from "./quizzes";
import { users } from "./users";

/**
 * A file kept in storage (local disk or S3), with the record and field that use it
 * (`entity`, `entity_id`, `field`, e.g. question 12 `media`, quiz 3 `design.background_image`).
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    quizId: integer("quiz_id").references(() => quizzes.id, { onDelete: "cascade" }),
    /** A quiz entity, or `profile` / `portfolio_item` (docs/profile-rating.md "Files"). */
    entity: text("entity").$type<MediaEntity | "profile" | "portfolio_item">().notNull(),
    entityId: integer("entity_id").notNull(),
    field: text("field").notNull(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex("stored_files_storage_key_key").on(t.storageKey),
    index("stored_files_entity_idx").on(t.entity, t.entityId, t.field),
    index("stored_files_quiz_idx").on(t.quizId),
    index("stored_files_user_idx").on(t.userId),
  ],
);

/**
 * A video compression job's visible state (the queue keeps its own job rows). The original
 * (`original_key`) is served until `compressed_key` is set and the status is `done`.
 */
export const videoCompressTasks = pgTable(
  "video_compress_tasks",
  {
    id: serial("id").primaryKey(),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    entity: text("entity").$type<MediaEntity>().notNull(),
    entityId: integer("entity_id").notNull(),
    field: text("field").notNull(),
    status: text("status").$type<VideoCompressStatus>().notNull().default("queued"),
    progress: smallint("progress").notNull().default(0),
    error: text("error"),
    originalKey: text("original_key").notNull(),
    compressedKey: text("compressed_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index("video_compress_tasks_quiz_idx").on(t.quizId, t.id),
    index("video_compress_tasks_entity_idx").on(t.entity, t.entityId, t.field),
    check(
      "video_compress_tasks_status_check",
      sql`${t.status} in ('queued', 'running', 'done', 'failed')`,
    ),
    check("video_compress_tasks_progress_check", sql`${t.progress} between 0 and 100`),
  ],
);
