import {
  apiPaths,
  errorBodySchema,
  idParamsSchema,
  mediaSweepReportSchema,
  mediaSweepRequestSchema,
  validationErrorBodySchema,
  videoCompressTaskListSchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { authenticatedContext } from "../../plugins/authenticate";
import { createStorage } from "../../storage/storage";
import { requireOwnedQuiz } from "../quiz-access";
import { isOperatorKey, OPERATOR_KEY_HEADER, readOrCreateOperatorKey } from "../tariffs";
import { listVideoTasks } from "./media.repository";
import { sweepMedia } from "./media-sweep";

const tags = ["media"];

/**
 * GET quiz/{id}/video-compress-tasks/ (operation `listVideoCompressTasks`). The uploads themselves
 * go through the owning entities' PATCH routes (media.plugin.ts); files are served at /media/.
 * POST operator/media-sweep/ (operation `operatorMediaSweep`, operator key only): the
 * sweeper, which `npm run media:sweep` calls on the running server.
 */
export async function mediaRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const { db } = context;
  const operatorKey = readOrCreateOperatorKey(context.config.dataDir);
  app.withTypeProvider<ZodTypeProvider>().post(
    apiPaths.operatorMediaSweep,
    {
      onRequest: async (request) => {
        if (!isOperatorKey(operatorKey, request.headers[OPERATOR_KEY_HEADER])) {
          throw new AppError("permission_denied");
        }
      },
      schema: {
        tags,
        summary: "Removes uploaded files nothing holds (operator only)",
        description:
          "Removes each file that no draft, no copy and no published snapshot holds and " +
          "that is older than 7 days (also files in storage no upload recorded); a quiz " +
          "deleted less than 7 days ago still holds its files. `dry_run: true` only lists " +
          "them. Every removal is logged. Needs the key of DATA_DIR/operator-key in " +
          "`X-Operator-Key`; 403 without it.",
        body: mediaSweepRequestSchema,
        response: {
          200: mediaSweepReportSchema,
          400: validationErrorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request) => {
      const report = await sweepMedia({
        db,
        storage: createStorage(context.config),
        log: context.log.child({ module: "media-sweep" }),
        dryRun: request.body.dry_run,
      });
      return { dry_run: report.dryRun, removed: report.removed, kept: report.kept };
    },
  );

  await authenticatedContext(app, context, async (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().get(
      apiPaths.quizVideoCompressTasks(":id"),
      {
        schema: {
          tags,
          summary: "Lists the quiz's video compression tasks",
          description:
            "Every compression task of the quiz's uploaded videos, oldest first: `status` " +
            "queued|running|done|failed, `progress` 0-100, `error` saying why a task failed. " +
            "The original video is served until its task is done; then the field holds the " +
            "compressed file. Another account's quiz answers 404.",
          params: idParamsSchema,
          response: { 200: videoCompressTaskListSchema, 404: errorBodySchema },
        },
      },
      async (request) => {
        await requireOwnedQuiz(db, request.userId, request.params.id);
        return listVideoTasks(db, request.params.id);
      },
    );
  });
}
