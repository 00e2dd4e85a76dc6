import { endpoints } from "@leadquiz/contract";
import { notifications } from "@mantine/notifications";
import {
  hashKey,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { quizQueryKey } from "@/shared/api/quiz-queries";
import { useApiClient } from "@/shared/api/services-context";

/** The first element of this feature's query keys (never a reason to refresh the preview). */
const OWN_KEYS = new Set(["quiz-preview", "quiz-publications"]);

export const draftSnapshotKey = (quizId: number) => ["quiz-preview", quizId] as const;
export const publicationsKey = (quizId: number) => ["quiz-publications", quizId] as const;
export const versionSnapshotKey = (quizId: number, version: number) =>
  ["quiz-publications", quizId, version] as const;

/** Changes closer together than this are gathered into one more read of the draft. */
export const PREVIEW_REFRESH_DEBOUNCE_MS = 100;
/** A change made elsewhere (another tab, the API) reaches an open preview within this. */
const PREVIEW_POLL_MS = 5000;

/**
 * `GET quiz/{id}/preview/` (getQuizDraftSnapshot): the snapshot the draft would publish.
 * Re-read every few seconds while the page is visible, for changes made elsewhere;
 * an unchanged answer keeps the same object (structural sharing), so nothing re-renders.
 */
export function useDraftSnapshot(quizId: number, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: draftSnapshotKey(quizId),
    queryFn: ({ signal }) =>
      api.call(endpoints.getQuizDraftSnapshot, { params: { id: quizId }, signal }),
    enabled,
    refetchInterval: PREVIEW_POLL_MS,
    staleTime: 0,
  });
}

/**
 * Re-reads the draft snapshot when any other query of the cache got new data, any mutation
 * ended, or (`writesSettled`) the editor's last queued write ended (docs/editor.md "Preview,
 * publishing, history"): the editor's tabs write through the cache, so their changes reach
 * the preview without knowing about it. A query's first read is not a change. The first
 * change is read at once; more changes within ~100 ms are gathered into one more read at
 * the end of the burst. A read of its own still under way is not cancelled (it shows the
 * earlier change as soon as it lands): the next read follows it. Another read under way
 * (the poll) is replaced, as it may have started before the change.
 */
export function subscribePreviewRefresh(
  queryClient: QueryClient,
  quizId: number,
  delay = PREVIEW_REFRESH_DEBOUNCE_MS,
  writesSettled?: (listener: () => void) => () => void,
): () => void {
  const queryKey = draftSnapshotKey(quizId);
  const draftHash = hashKey(queryKey);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let quietSince = 0;
  let reading = false;
  let readAgain = false;
  let stopped = false;
  const refresh = () => {
    quietSince = Date.now() + delay;
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    void queryClient
      .invalidateQueries({ queryKey, exact: true })
      .catch(() => undefined)
      .finally(() => {
        reading = false;
        if (readAgain && !stopped) {
          readAgain = false;
          refresh();
        }
      });
  };
  const schedule = () => {
    if (timer !== undefined) return;
    if (Date.now() >= quietSince) {
      refresh();
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      refresh();
    }, delay);
  };
  // The order in which reads started: each query's latest read, and the draft's. A query's
  // read that started before the draft's latest read holds nothing that read does not (the
  // server answers a later read with at least as much), so its answer is no change.
  let reads = 0;
  let draftReadStarted = 0;
  const readStarted = new Map<string, number>();
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === "removed") {
      readStarted.delete(event.query.queryHash);
      return;
    }
    if (event.type !== "updated") return;
    if (event.action.type === "fetch") {
      reads += 1;
      if (event.query.queryHash === draftHash) draftReadStarted = reads;
      else readStarted.set(event.query.queryHash, reads);
      return;
    }
    if (event.action.type !== "success") return;
    // A value set by hand is a write's optimistic change: the server does not hold it yet,
    // so reading the draft now would only delay the read after the write.
    if (event.action.manual) return;
    if (OWN_KEYS.has(String(event.query.queryKey[0]))) return;
    // A query's first read is the editor loading what the server already holds, not a
    // change (opening a tab of 50 questions would otherwise re-read the snapshot for each
    // list it loads).
    if (event.query.state.dataUpdateCount <= 1) return;
    // The quiz's re-read after a write starts just before the read the write's end asks
    // for (`writesSettled`): it brings nothing new to the preview.
    if ((readStarted.get(event.query.queryHash) ?? 0) < draftReadStarted) return;
    schedule();
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "success") schedule();
  });
  // The server holds the change once the write has ended: no need to wait for the re-reads
  // the write asks for (the quiz's, a round trip more) before the preview reads it.
  const stopWrites = writesSettled?.(schedule);
  return () => {
    stopped = true;
    clearTimeout(timer);
    stopQueries();
    stopMutations();
    stopWrites?.();
  };
}

export function usePreviewRefresh(
  quizId: number,
  enabled: boolean,
  writesSettled?: (listener: () => void) => () => void,
): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      enabled
        ? subscribePreviewRefresh(queryClient, quizId, PREVIEW_REFRESH_DEBOUNCE_MS, writesSettled)
        : undefined,
    [queryClient, quizId, enabled, writesSettled],
  );
}

/** `GET quiz/{id}/publications/` (listQuizPublications): the version history. */
export function usePublicationVersions(quizId: number, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: publicationsKey(quizId),
    queryFn: ({ signal }) =>
      api.call(endpoints.listQuizPublications, { params: { id: quizId }, signal }),
    enabled,
  });
}

/** `GET quiz/{id}/publications/{version}/` (getQuizPublication): one version's snapshot. */
export function useVersionSnapshot(quizId: number, version: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: versionSnapshotKey(quizId, version ?? 0),
    queryFn: ({ signal }) =>
      api.call(endpoints.getQuizPublication, {
        params: { id: quizId, version: version ?? 0 },
        signal,
      }),
    enabled: version !== null,
    staleTime: Number.POSITIVE_INFINITY, // a published version never changes
  });
}

/**
 * `POST quiz/{id}/publications/{version}/restore/` (restoreQuizPublication): the draft
 * becomes that version. Every query of the editor is re-read afterwards.
 */
export function useRestoreVersion(quizId: number) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      api.call(endpoints.restoreQuizPublication, { params: { id: quizId, version } }),
    onSuccess: async (quiz, version) => {
      queryClient.setQueryData(quizQueryKey(quizId), quiz);
      await queryClient.invalidateQueries();
      notifications.show({ color: "green", message: t("editor:versions.restored", { version }) });
    },
    onError: (error) => notifications.show({ color: "red", message: errorMessage(error, t) }),
  });
}
