import { mediaEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ApiOptions } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { createStorage } from "../../storage/storage";
import { requireOwnedQuiz } from "../quiz-access";
import { isOperatorKey, OPERATOR_KEY_HEADER, readOrCreateOperatorKey } from "../tariffs";
import { listVideoTasks } from "./media.repository";
import { sweepMedia } from "./media-sweep";

/**
 * GET quiz/{id}/video-compress-tasks/ (operation `listVideoCompressTasks`). The uploads themselves
 * go through the owning entities' PATCH routes (media.plugin.ts); files are served at /media/.
 * POST operator/media-sweep/ (operation `operatorMediaSweep`, operator key only): the
 * sweeper, which `npm run media:sweep` calls on the running server.
 */
export async function mediaRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const { db } = context;
  const operatorKey = readOrCreateOperatorKey(context.config.dataDir);
  defineRoute(
    app,
    endpoints.operatorMediaSweep,
    async (request) => {
      const report = await sweepMedia({
        db,
        storage: createStorage(context.config),
        log: context.log.child({ module: "media-sweep" }),
        dryRun: request.body.dry_run,
      });
      return { dry_run: report.dryRun, removed: report.removed, kept: report.kept };
    },
    {
      onRequest: async (request) => {
        if (!isOperatorKey(operatorKey, request.headers[OPERATOR_KEY_HEADER])) {
          throw new AppError("permission_denied");
        }
      },
    },
  );

  await authenticatedContext(app, context, async (scope) => {
    defineRoute(scope, endpoints.listVideoCompressTasks, async (request) => {
      await requireOwnedQuiz(db, request.userId, request.params.id);
      return listVideoTasks(db, request.params.id);
    });
  });
}
