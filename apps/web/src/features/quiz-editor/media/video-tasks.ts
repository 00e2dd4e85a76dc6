import { endpoints, type VideoCompressTask } from "@leadquiz/contract";
import { useQuery } from "@tanstack/react-query";
import { EDITOR_READ_FRESH_MS } from "@/shared/api/quiz-queries";
import { useApiClient } from "@/shared/api/services-context";
import type { MediaTarget } from "./media-target";

export const videoTasksQueryKey = (quizId: number) =>
  ["quiz", quizId, "video-compress-tasks"] as const;

/** How often the tasks are re-read while a video is being worked on. */
const POLL_MS = 1000;

/**
 * `GET quiz/{id}/video-compress-tasks/` (operationId listVideoCompressTasks), re-read every
 * second while `polling`. One read serves every media field the editor mounts within
 * `EDITOR_READ_FRESH_MS` (a card opening mounts several, some only once its answers are in;
 * each read again and drew the card again); an upload re-reads it at once.
 */
export function useVideoTasks(quizId: number, polling: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: videoTasksQueryKey(quizId),
    queryFn: ({ signal }) =>
      api.call(endpoints.listVideoCompressTasks, { params: { id: quizId }, signal }),
    refetchInterval: polling ? POLL_MS : false,
    staleTime: EDITOR_READ_FRESH_MS,
  });
}

/** The latest compression task of one media slot, if any. */
export function latestTaskOf(
  tasks: readonly VideoCompressTask[] | undefined,
  target: Pick<MediaTarget, "entity" | "entityId" | "fieldPath">,
): VideoCompressTask | undefined {
  let latest: VideoCompressTask | undefined;
  for (const task of tasks ?? []) {
    if (
      task.entity === target.entity &&
      task.entity_id === target.entityId &&
      task.field === target.fieldPath &&
      (!latest || task.id > latest.id)
    ) {
      latest = task;
    }
  }
  return latest;
}

/**
 * What an uploaded video is waiting for (docs/editor.md "Results, contact form, additions,
 * media"): in the queue, being compressed (ffmpeg's progress 0-99 %), being optimised for
 * streaming (the last step, written at 99 % and after), ready, or failed (the original
 * stays in use).
 */
export type VideoPhase =
  | { phase: "queued"; progress: 0 }
  | { phase: "compressing"; progress: number }
  | { phase: "optimising"; progress: number }
  | { phase: "ready"; progress: 100 }
  | { phase: "failed"; progress: number; error: string | null };

/** ffmpeg reports at most 99 % until the file is written; then the MP4 is finished. */
const OPTIMISING_FROM = 99;

export function videoPhaseOf(
  task: Pick<VideoCompressTask, "status" | "progress" | "error">,
): VideoPhase {
  switch (task.status) {
    case "queued":
      return { phase: "queued", progress: 0 };
    case "running":
      return task.progress >= OPTIMISING_FROM
        ? { phase: "optimising", progress: task.progress }
        : { phase: "compressing", progress: task.progress };
    case "done":
      return { phase: "ready", progress: 100 };
    case "failed":
      return { phase: "failed", progress: task.progress, error: task.error };
  }
}

/** Whether the task still changes (poll while it does). */
export const taskIsActive = (task: VideoCompressTask | undefined): boolean =>
  task !== undefined && (task.status === "queued" || task.status === "running");
