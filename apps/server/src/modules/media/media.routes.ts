import {
  apiPaths,
  errorBodySchema,
  idParamsSchema,
  videoCompressTaskListSchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { requireOwnedQuiz } from "../quiz-access";
import { listVideoTasks } from "./media.repository";

const tags = ["media"];

/**
 * GET quiz/{id}/video-compress-tasks/ (operation `listVideoCompressTasks`). The uploads themselves
 * go through the owning entities' PATCH routes (media.plugin.ts); files are served at /media/.
 */
export async function mediaRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const { db } = context;
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
