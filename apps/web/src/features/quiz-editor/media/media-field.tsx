import { MAX_UPLOAD_MEGABYTES } from "@leadquiz/engine";
import { Box, Button, Group, Image, Paper, Progress, Stack, Text } from "@mantine/core";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { useApiClient } from "@/shared/api/services-context";
import { patchRecord } from "../fields/record-update";
import { type CacheUpdate, useEditorWrites } from "../state/editor-writes";
import {
  acceptAttribute,
  type FileProblem,
  fileProblem,
  isVideoPath,
  type MediaAccept,
  mediaKindOfType,
} from "./media-rules";
import { clearBody, type MediaTarget } from "./media-target";
import { VideoPhasePanel } from "./video-phase-panel";
import { latestTaskOf, taskIsActive, useVideoTasks, videoTasksQueryKey } from "./video-tasks";

/** A file as the multipart PATCH of `target` takes it. */
function multipart(target: MediaTarget, file: File): FormData {
  const body = new FormData();
  body.append(target.part, file, file.name);
  return body;
}

/**
 * The stored image at `path`, read back (for an undo to send it again); null when it cannot
 * be read — the change is then not undoable, as for videos (docs/editor.md "Media slots").
 */
async function storedFile(path: string): Promise<File | null> {
  try {
    const response = await fetch(path);
    if (!response.ok) return null;
    const blob = await response.blob();
    return new File([blob], path.split("/").pop() || "image", { type: blob.type });
  } catch {
    return null;
  }
}

export interface MediaFieldProps {
  label: string;
  /** The stored file's path as the server answers it (null: none). */
  value: string | null;
  target: MediaTarget;
  quizId: number;
  /** Images only, or images and videos (default). */
  accept?: MediaAccept;
  /** Queries to re-read after an upload, a removal or a finished compression. */
  refresh: QueryKey[];
  /** Cache updates that empty the slot at once when the owner removes the file. */
  removeOptimistic?: CacheUpdate[];
}

interface LocalPreview {
  url: string;
  kind: "image" | "video";
}

/**
 * A media slot of the editor (docs/editor.md "Results, contact form, additions, media"):
 * drop a file or pick one; more than 100 MB is refused before anything is sent; the upload
 * shows its progress; an image or video shows at once from the local file; a video then
 * shows its compression and optimisation on the server, polled from the quiz's
 * video-compress tasks. The file can be replaced or removed.
 */
export function MediaField({
  label,
  value,
  target,
  quizId,
  accept = "image-video",
  refresh,
  removeOptimistic,
}: MediaFieldProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const client = useQueryClient();
  const { write, recordSteps } = useEditorWrites();
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [preview, setPreview] = useState<LocalPreview | null>(null);
  const [dragging, setDragging] = useState(false);
  const { task, showTask, setWatching } = useVideoTask(quizId, target, refresh);

  // The local preview gives way to the stored file once the server has answered.
  const previewUrl = preview?.url;
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);
  const uploading = uploadPercent !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new stored value ends the local preview.
  useEffect(() => {
    if (!uploading) setPreview(null);
  }, [value]);

  const fileBody = (file: File) => multipart(target, file);
  /** The PATCH of the slot's record: a file (multipart) or the body that clears it. */
  const send = (
    body: FormData | Record<string, unknown>,
    onUploadProgress?: (sent: number, total: number) => void,
  ) => patchRecord(api, { endpoint: target.endpoint, id: target.entityId }, body, onUploadProgress);

  const upload = async (file: File) => {
    setServerError(null);
    const found = fileProblem(file, accept);
    setProblem(found);
    if (found) return;
    const kind = mediaKindOfType(file.type) ?? "image";
    setPreview({ url: URL.createObjectURL(file), kind });
    setUploadPercent(0);
    setWatching(false);
    const previous = value;
    // The image it replaces, read before it goes, is what an undo sends back.
    let before: File | null = null;
    const result = await write({
      send: async () => {
        before = previous && !isVideoPath(previous) ? await storedFile(previous) : null;
        return send(fileBody(file), (sent, total) =>
          setUploadPercent(total > 0 ? Math.round((sent / total) * 100) : 0),
        );
      },
      refresh,
    });
    setUploadPercent(null);
    if (!result.ok) {
      setPreview(null);
      setServerError(errorMessage(result.error, t));
      return;
    }
    const replaced: File | null = before;
    if (!previous || replaced) {
      recordSteps({
        label: t("results:media.historyUpload"),
        undo: {
          send: () => send(replaced ? fileBody(replaced) : clearBody(target.fieldPath)),
          refresh,
        },
        redo: { send: () => send(fileBody(file)), refresh },
      });
    }
    if (kind === "video") {
      setWatching(true);
      void client.invalidateQueries({ queryKey: videoTasksQueryKey(quizId) });
    }
  };

  const remove = async () => {
    setProblem(null);
    setServerError(null);
    setPreview(null);
    setWatching(false);
    const previous = value;
    let before: File | null = null;
    const clear = () => send(clearBody(target.fieldPath));
    const result = await write({
      send: async () => {
        before = previous && !isVideoPath(previous) ? await storedFile(previous) : null;
        return clear();
      },
      optimistic: removeOptimistic ?? [],
      refresh,
    });
    const removed: File | null = before;
    if (result.ok && removed) {
      recordSteps({
        label: t("results:media.historyRemove"),
        undo: { send: () => send(fileBody(removed)), refresh },
        redo: { send: clear, refresh, optimistic: removeOptimistic ?? [] },
      });
    }
  };

  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (file) void upload(file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) pick(event.dataTransfer.files);
  };

  const shown: LocalPreview | null =
    preview ?? (value ? { url: value, kind: isVideoPath(value) ? "video" : "image" } : null);
  const error =
    problem === "file_too_large"
      ? t("validation:file_too_large", { max: MAX_UPLOAD_MEGABYTES })
      : problem === "unsupported_media"
        ? t("errors:unsupported_media")
        : serverError;

  return (
    <MediaSlot
      label={label}
      value={value}
      part={target.part}
      accept={accept}
      shown={shown}
      error={error}
      uploadPercent={uploadPercent}
      task={showTask ? task : undefined}
      dragging={dragging}
      onDragging={setDragging}
      onDrop={onDrop}
      onPick={pick}
      onRemove={() => void remove()}
    />
  );
}

/**
 * How the slot looks: the file (or the drop hint), the upload's progress, the video's
 * phases, choose/replace and remove, the limits and the error under it.
 */
function MediaSlot({
  label,
  value,
  part,
  accept,
  shown,
  error,
  uploadPercent,
  task,
  dragging,
  onDragging,
  onDrop,
  onPick,
  onRemove,
}: {
  label: string;
  value: string | null;
  part: string;
  accept: MediaAccept;
  shown: LocalPreview | null;
  error: string | null;
  uploadPercent: number | null;
  /** The video task to show (none when no compression is followed). */
  task: ReturnType<typeof latestTaskOf>;
  dragging: boolean;
  onDragging: (dragging: boolean) => void;
  onDrop: (event: DragEvent<HTMLDivElement>) => void;
  onPick: (files: FileList | null) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const errorId = useId();
  const uploading = uploadPercent !== null;
  return (
    <Stack gap={6} data-testid={`media-field-${part}`}>
      <Text id={labelId} fw={500} size="sm">
        {label}
      </Text>
      <Paper
        withBorder
        p="sm"
        radius="md"
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        onDragOver={(event) => {
          event.preventDefault();
          onDragging(true);
        }}
        onDragLeave={() => onDragging(false)}
        onDrop={onDrop}
        style={{
          borderStyle: shown ? "solid" : "dashed",
          borderColor: dragging ? "var(--mantine-color-blue-6)" : undefined,
          background: dragging ? "var(--mantine-color-blue-0)" : undefined,
        }}
      >
        <Stack gap="xs">
          {shown ? (
            <MediaShown shown={shown} label={label} />
          ) : (
            <Text size="sm" c="dimmed">
              {t("results:media.dropHint")}
            </Text>
          )}
          {uploading && (
            <Stack gap={4}>
              <Progress value={uploadPercent ?? 0} aria-label={t("results:media.uploadProgress")} />
              <Text size="xs" aria-live="polite" data-testid="media-upload-progress">
                {t("results:media.uploading", { percent: uploadPercent ?? 0 })}
              </Text>
            </Stack>
          )}
          {task && <VideoPhasePanel task={task} />}
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              onClick={() => inputRef.current?.click()}
              disabled={uploading}
            >
              {shown ? t("results:media.replace") : t("results:media.choose")}
            </Button>
            {value && !uploading && (
              <Button size="xs" variant="subtle" color="red" onClick={onRemove}>
                {t("results:media.remove")}
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {accept === "image"
              ? t("results:media.imageLimits", { max: MAX_UPLOAD_MEGABYTES })
              : t("results:media.mediaLimits", { max: MAX_UPLOAD_MEGABYTES })}
          </Text>
          <input
            ref={inputRef}
            type="file"
            accept={acceptAttribute(accept)}
            aria-label={label}
            hidden
            data-testid="media-file-input"
            onChange={(event) => {
              onPick(event.currentTarget.files);
              event.currentTarget.value = "";
            }}
          />
        </Stack>
      </Paper>
      {error && (
        <Text id={errorId} size="sm" c="red.9" role="alert" data-testid="media-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** The stored or just chosen file: a video with its controls, or an image. */
function MediaShown({ shown, label }: { shown: LocalPreview; label: string }) {
  return (
    <Box maw={360}>
      {shown.kind === "video" ? (
        // biome-ignore lint/a11y/useMediaCaption: the owner's own upload has no captions yet.
        <video
          src={shown.url}
          controls
          preload="metadata"
          aria-label={label}
          style={{ width: "100%", maxHeight: 220, borderRadius: 8, background: "#000" }}
          data-testid="media-video"
        />
      ) : (
        <Image
          src={shown.url}
          alt={label}
          radius="sm"
          mah={220}
          fit="contain"
          w="auto"
          data-testid="media-image"
        />
      )}
    </Box>
  );
}

/**
 * The slot's video task: followed after an upload or when seen running on arrival; when the
 * compression ends, `refresh` is re-read (the slot then points at the compressed file).
 */
function useVideoTask(quizId: number, target: MediaTarget, refresh: QueryKey[]) {
  const client = useQueryClient();
  const [watching, setWatching] = useState(false);

  const tasks = useVideoTasks(quizId, watching);
  const task = latestTaskOf(tasks.data, target);
  const active = taskIsActive(task);
  const showTask = task !== undefined && (active || watching);

  // A task seen running on arrival is followed too.
  useEffect(() => {
    if (active) setWatching(true);
  }, [active]);

  // When the compression ends, the slot points at the compressed file: re-read it.
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const finished = task !== undefined && !active ? task.id : null;
  useEffect(() => {
    if (finished === null || !watching) return;
    for (const queryKey of refreshRef.current) void client.invalidateQueries({ queryKey });
  }, [finished, watching, client]);
  return { task, showTask, setWatching };
}
