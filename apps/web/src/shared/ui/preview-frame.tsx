import type { PublicQuiz } from "@leadquiz/contract";
import {
  PREVIEW_SOURCE,
  type PreviewShowMessage,
  readPreviewFrameMessage,
} from "@leadquiz/contract/preview";
import { Box } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { useCallback, useEffect, useRef, useState } from "react";

/** The device the preview lays the quiz out for. */
export type PreviewDevice = "desktop" | "mobile";

/** The runtime's preview page (served by the server next to `/q/{key}`). */
export const PREVIEW_PAGE = "/q/-/preview";

/** The widths the quiz is laid out at: a laptop window and a phone. */
const DEVICE_WIDTH: Record<PreviewDevice, number> = { desktop: 800, mobile: 375 };
const PHONE_HEIGHT = 720;
const PHONE_BORDER = 10;

interface PreviewFrameProps {
  quiz: PublicQuiz | undefined;
  device: PreviewDevice;
  /** Grows when the owner asks to start over. */
  restart: number;
  title: string;
}

/**
 * The real visitor runtime in an iframe of this origin (docs/editor.md "Preview,
 * publishing, history"). Each new snapshot is posted to it; it answers `shown` with the
 * message's number (kept in `data-shown-seq` for tests and the bench). Desktop lays the
 * quiz out 800 px wide and scales it to the panel; Mobile shows a 375 px phone frame.
 */
export function PreviewFrame({ quiz, device, restart, title }: PreviewFrameProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const { ref: boxRef, width, height } = useElementSize();
  const [ready, setReady] = useState(false);
  const [shownSeq, setShownSeq] = useState(0);
  const seq = useRef(0);
  const lastRestart = useRef(restart);
  const latest = useRef(quiz);
  latest.current = quiz;

  const post = useCallback((snapshot: PublicQuiz, restartPlayer: boolean) => {
    const target = frameRef.current?.contentWindow;
    if (!target) return;
    seq.current += 1;
    const message: PreviewShowMessage = {
      source: PREVIEW_SOURCE,
      type: "show",
      seq: seq.current,
      quiz: snapshot,
      restart: restartPlayer,
    };
    target.postMessage(message, window.location.origin);
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if (event.source !== frameRef.current?.contentWindow) return;
      const message = readPreviewFrameMessage(event.data);
      if (message?.type === "ready") {
        // A (re)loaded frame: it gets the latest snapshot at once.
        setReady(true);
        if (latest.current) post(latest.current, false);
      }
      if (message?.type === "shown") setShownSeq(message.seq);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [post]);

  useEffect(() => {
    if (!ready || !quiz) return;
    const restartPlayer = lastRestart.current !== restart;
    lastRestart.current = restart;
    post(quiz, restartPlayer);
  }, [ready, quiz, restart, post]);

  const logicalWidth = DEVICE_WIDTH[device];
  const outer = device === "mobile" ? logicalWidth + 2 * PHONE_BORDER : logicalWidth;
  const scale = width > 0 ? Math.min(1, width / outer) : 1;
  const frameHeight =
    device === "mobile"
      ? Math.min(PHONE_HEIGHT, Math.max(320, height / scale - 2 * PHONE_BORDER))
      : Math.max(320, height / scale);

  return (
    <Box ref={boxRef} h="100%" style={{ overflow: "hidden", position: "relative" }}>
      <Box
        data-testid="preview-device-frame"
        style={{
          width: logicalWidth,
          transform: `scale(${scale})`,
          transformOrigin: "top left",
          marginLeft: `max(0px, calc(50% - ${(outer * scale) / 2}px))`,
          ...(device === "mobile"
            ? {
                border: `${PHONE_BORDER}px solid var(--mantine-color-dark-7)`,
                borderRadius: 28,
                overflow: "hidden",
              }
            : {}),
        }}
      >
        <iframe
          ref={frameRef}
          src={PREVIEW_PAGE}
          title={title}
          data-testid="preview-frame"
          data-device={device}
          data-shown-seq={shownSeq}
          style={{
            display: "block",
            border: 0,
            width: logicalWidth,
            height: frameHeight,
            background: "#fff",
          }}
        />
      </Box>
    </Box>
  );
}
