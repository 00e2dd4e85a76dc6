import { z } from "zod";

export const videoCompressStatusSchema = z.enum(["queued", "running", "done", "failed"]);
export type VideoCompressStatus = z.infer<typeof videoCompressStatusSchema>;

/** The entities that own files, and so name a compression task's owner. */
export const mediaEntitySchema = z.enum([
  "quiz",
  "question",
  "answer",
  "result",
  "addition",
  "quiz_config",
]);
export type MediaEntity = z.infer<typeof mediaEntitySchema>;

/**
 * `GET quiz/{id}/video-compress-tasks/` item. `field` names the file field
 * (`media`, `start_page.media`, …); `error` says why a task failed.
 */
export const videoCompressTaskSchema = z.object({
  id: z.int32(),
  entity: mediaEntitySchema,
  entity_id: z.int32(),
  field: z.string(),
  status: videoCompressStatusSchema,
  progress: z.int32().min(0).max(100),
  error: z.string().nullable(),
});
export type VideoCompressTask = z.infer<typeof videoCompressTaskSchema>;
export const videoCompressTaskListSchema = z.array(videoCompressTaskSchema);

/** `POST operator/media-sweep/` (docs/media.md "Sweeper"). */
export const mediaSweepRequestSchema = z.object({ dry_run: z.boolean().default(false) });
export const mediaSweepReportSchema = z.object({
  dry_run: z.boolean(),
  /** `recorded`: a file of an upload nothing holds; `unrecorded`: in storage only. */
  removed: z.array(z.object({ key: z.string(), kind: z.enum(["recorded", "unrecorded"]) })),
  /** Files past the window that a draft, a copy or a snapshot still holds. */
  kept: z.int32().min(0),
});
export type MediaSweepReport = z.infer<typeof mediaSweepReportSchema>;
