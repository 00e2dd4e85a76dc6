import { endpoints, MAX_ID, type Quiz, quizEndpoints } from "@leadquiz/contract";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ApiClient } from "@/shared/api/api-client";
import { errorMessage } from "@/shared/api/error-message";
import { useApiClient } from "@/shared/api/services-context";
import { projectsQueryKey } from "./projects-queries";

export const quizQueryKey = (id: number) => ["quiz", id] as const;

/** A quiz id of the address (`/quiz/{id}`), or null when it cannot be one. */
export function parseQuizId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/**
 * How long a read of the editor's own data counts as fresh: the editor's frame, its top
 * bar, footer and tab all read the quiz (and the tab its list) as they mount, one after
 * another; without this, each mount read it again. Writes re-read by invalidating, which
 * ignores it (docs/editor.md "Start time").
 */
export const EDITOR_READ_FRESH_MS = 5000;

/** The read of `GET quiz/{id}/`, for the editor and for reading it ahead (app/read-ahead.ts). */
export function quizQuery(api: ApiClient, id: number) {
  return {
    queryKey: quizQueryKey(id),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.call(quizEndpoints.getQuiz, { params: { id }, signal }),
    staleTime: EDITOR_READ_FRESH_MS,
  };
}

/** `GET quiz/{id}/`: the quiz the editor works on (disabled for an impossible id). */
export function useQuiz(id: number | null) {
  const api = useApiClient();
  return useQuery({ ...quizQuery(api, id ?? 0), enabled: id !== null });
}

/**
 * Publishing from the editor's top bar: `POST publication-quiz/` publishes the draft as a
 * new version (and shows the quiz); `PUT quiz/{id}/publish/ {is_published: false}` hides it.
 * Both re-read the quiz and the projects list; a refusal (tariff_expired…) is shown translated.
 */
export function usePublication(quiz: Quiz | undefined) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const refresh = async () => {
    if (quiz) await queryClient.invalidateQueries({ queryKey: quizQueryKey(quiz.id) });
    await queryClient.invalidateQueries({ queryKey: projectsQueryKey });
  };
  const onError = (error: unknown) =>
    notifications.show({ color: "red", message: errorMessage(error, t) });
  const publish = useMutation({
    mutationFn: (id: number) => api.call(endpoints.publishQuiz, { body: { quiz: id } }),
    onSuccess: async () => {
      await refresh();
      notifications.show({ color: "green", message: t("dashboard:shell.publishedNotice") });
    },
    onError,
  });
  const unpublish = useMutation({
    mutationFn: (id: number) =>
      api.call(endpoints.setQuizPublished, { params: { id }, body: { is_published: false } }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(quizQueryKey(saved.id), saved);
      await refresh();
      notifications.show({ color: "green", message: t("dashboard:shell.unpublishedNotice") });
    },
    onError,
  });
  return { publish, unpublish };
}

export type PublicationState = "published" | "changes" | "draft";

/** What the footer and the publish button say about a quiz. */
export function publicationState(
  quiz: Pick<Quiz, "is_published" | "has_unpublished_changes">,
): PublicationState {
  if (!quiz.is_published) return "draft";
  return quiz.has_unpublished_changes ? "changes" : "published";
}
