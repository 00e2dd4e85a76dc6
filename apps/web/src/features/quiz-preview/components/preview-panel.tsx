import { Alert, Badge, Button, CloseButton, Group, Loader, Stack, Text } from "@mantine/core";
import { useIsFetching } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { PreviewFrame } from "@/shared/ui/preview-frame";
import { useDraftSnapshot, usePreviewRefresh, useVersionSnapshot } from "../api/preview-queries";
import type { PreviewDevice } from "../preview-settings";

interface PreviewPanelProps {
  quizId: number;
  device: PreviewDevice;
  /** A published version shown instead of the draft (from the version history), or null. */
  version: number | null;
  onShowDraft: () => void;
  onHide: () => void;
  /**
   * Subscribes to "every editor write has ended", when the draft is read again (the editor's
   * `useWritesSettled`, handed over by the frame that holds both: app/layouts).
   */
  writesSettled?: (listener: () => void) => () => void;
}

/** Longest wait, from the panel's mount, before the preview starts anyway. */
const START_TIMEOUT_MS = 8000;
/** Once the editor's reads have landed: longest wait for the owner to pause. */
const SETTLED_TIMEOUT_MS = 3000;
/**
 * The owner has paused when no key or pointer was pressed for this long. 1.5 s, not less:
 * the editor's reads land before its list is drawn (seconds on a slow phone or at 4x CPU),
 * and a shorter pause started the preview just as the owner opened the first card
 * (docs/editor.md "Start time").
 */
const QUIET_MS = 1500;

/**
 * True once the editor has settled: its reads have landed (nothing fetching) and been
 * rendered QUIET_MS ago, the owner has not pressed a key or pointer for QUIET_MS either,
 * and the browser is idle; or SETTLED_TIMEOUT_MS
 * after the reads landed, or START_TIMEOUT_MS after the mount, at the latest. The preview
 * (a second app: the runtime's bundle and the draft's snapshot, run on the same main thread
 * as the editor) starts then, so it neither delays the tab the owner opened nor the first
 * card they open (docs/editor.md "Start time"). Once started, it stays.
 */
function useStartWhenSettled(): boolean {
  const [started, setStarted] = useState(false);
  const [settledAt, setSettledAt] = useState<number | null>(null);
  const [lastInput, setLastInput] = useState(0);
  const fetching = useIsFetching();
  useEffect(() => {
    const timeout = window.setTimeout(() => setStarted(true), START_TIMEOUT_MS);
    return () => window.clearTimeout(timeout);
  }, []);
  useEffect(() => {
    if (started || settledAt !== null || fetching > 0) return;
    setSettledAt(Date.now());
  }, [started, settledAt, fetching]);
  useEffect(() => {
    if (started || settledAt === null) return;
    const timeout = window.setTimeout(() => setStarted(true), SETTLED_TIMEOUT_MS);
    return () => window.clearTimeout(timeout);
  }, [started, settledAt]);
  useEffect(() => {
    if (started) return;
    const onInput = () => setLastInput(Date.now());
    window.addEventListener("pointerdown", onInput, true);
    window.addEventListener("keydown", onInput, true);
    return () => {
      window.removeEventListener("pointerdown", onInput, true);
      window.removeEventListener("keydown", onInput, true);
    };
  }, [started]);
  useEffect(() => {
    if (started || settledAt === null || fetching > 0) return;
    const start = () => setStarted(true);
    let idle: number | undefined;
    const quiet = window.setTimeout(
      () => {
        if (typeof window.requestIdleCallback !== "function") start();
        else idle = window.requestIdleCallback(start, { timeout: 500 });
      },
      Math.max(0, Math.max(settledAt, lastInput) + QUIET_MS - Date.now()),
    );
    return () => {
      window.clearTimeout(quiet);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [started, settledAt, fetching, lastInput]);
  return started;
}

/**
 * The editor's live preview: the draft (re-read whenever the editor's data changes) or a
 * published version, in the real runtime, with "Start over" and "Hide".
 */
export function PreviewPanel({
  quizId,
  device,
  version,
  onShowDraft,
  onHide,
  writesSettled,
}: PreviewPanelProps) {
  const { t } = useTranslation();
  const [restart, setRestart] = useState(0);
  const started = useStartWhenSettled();
  const draft = useDraftSnapshot(quizId, started && version === null);
  usePreviewRefresh(quizId, started && version === null, writesSettled);
  const published = useVersionSnapshot(quizId, version);
  const shown = version === null ? draft : published;
  return (
    <Stack gap={0} h="100%" data-testid="preview-panel">
      <Group justify="space-between" wrap="nowrap" px="sm" py={6} gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" component="h2" m={0}>
            {t("editor:preview.title")}
          </Text>
          {version === null ? (
            <Badge variant="light" color="gray" tt="none" data-testid="preview-source">
              {t("editor:preview.draft")}
            </Badge>
          ) : (
            <Badge variant="light" color="orange" tt="none" data-testid="preview-source">
              {t("editor:preview.version", { version })}
            </Badge>
          )}
        </Group>
        <Group gap={4} wrap="nowrap">
          {version !== null && (
            <Button size="compact-xs" variant="subtle" onClick={onShowDraft}>
              {t("editor:preview.backToDraft")}
            </Button>
          )}
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => setRestart((n) => n + 1)}
            data-testid="preview-restart"
          >
            {t("editor:preview.restart")}
          </Button>
          <CloseButton
            size="sm"
            onClick={onHide}
            aria-label={t("editor:preview.hide")}
            data-testid="preview-hide"
          />
        </Group>
      </Group>
      {shown.isError && (
        <Alert color="red" m="sm" role="alert">
          {errorMessage(shown.error, t)}
        </Alert>
      )}
      <div style={{ flex: 1, minHeight: 0, background: "var(--mantine-color-gray-1)" }}>
        {started ? (
          <PreviewFrame
            key={version ?? "draft"}
            quiz={shown.data}
            device={device}
            restart={restart}
            title={t("editor:preview.frameTitle")}
          />
        ) : (
          <Loader size="sm" m="md" role="status" aria-label={t("editor:preview.title")} />
        )}
      </div>
    </Stack>
  );
}
