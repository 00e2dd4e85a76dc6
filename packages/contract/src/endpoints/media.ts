import { errorBodySchema, validationErrorBodySchema } from "../errors";
import {
  mediaSweepReportSchema,
  mediaSweepRequestSchema,
  videoCompressTaskListSchema,
} from "../media";
import { idParamsSchema } from "../quiz-common";
import { endpoint } from "./endpoint";

const tags = ["media"];

/** The operations of apps/server's media.routes.ts (docs/api.md). */
export const mediaEndpoints = {
  operatorMediaSweep: endpoint({
    method: "POST",
    path: "/operator/media-sweep/",
    operationId: "operatorMediaSweep",
    tags,
    summary: "Removes uploaded files nothing holds (operator only)",
    description:
      "Removes each file that no draft, no copy and no published snapshot holds and " +
      "that is older than 7 days (also files in storage no upload recorded); a quiz " +
      "deleted less than 7 days ago still holds its files. `dry_run: true` only lists " +
      "them. Every removal is logged. Needs the key of DATA_DIR/operator-key in " +
      "`X-Operator-Key`; 403 without it.",
    body: mediaSweepRequestSchema,
    responses: {
      200: mediaSweepReportSchema,
      400: validationErrorBodySchema,
      403: errorBodySchema,
    },
  }),
  listVideoCompressTasks: endpoint({
    method: "GET",
    path: "/quiz/{id}/video-compress-tasks/",
    operationId: "listVideoCompressTasks",
    tags,
    summary: "Lists the quiz's video compression tasks",
    description:
      "Every compression task of the quiz's uploaded videos, oldest first: `status` " +
      "queued|running|done|failed, `progress` 0-100, `error` saying why a task failed. " +
      "The original video is served until its task is done; then the field holds the " +
      "compressed file. Another account's quiz answers 404.",
    params: idParamsSchema,
    responses: { 200: videoCompressTaskListSchema, 404: errorBodySchema },
  }),
} as const;
