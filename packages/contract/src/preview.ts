/**
 * The editor preview's postMessage protocol between the owner app and the runtime's
 * preview page (`/q/-/preview`, same origin). No zod: the visitor runtime imports
 * `@leadquiz/contract/preview` without the schemas. See docs/editor.md "Preview,
 * publishing, history".
 */
import type { PublicQuiz } from "./public-quiz";

/** Marks every message of the protocol (as the embed protocol's `source`). */
export const PREVIEW_SOURCE = "leadquiz-preview";

/** Editor → frame: show this snapshot (`restart`: from the first screen). */
export interface PreviewShowMessage {
  source: typeof PREVIEW_SOURCE;
  type: "show";
  /** Grows with each snapshot the editor sends; echoed by `shown`. */
  seq: number;
  quiz: PublicQuiz;
  restart?: boolean;
}

/** Frame → editor: `ready` once it listens, `shown` when a snapshot is on screen. */
export type PreviewFrameMessage =
  | { source: typeof PREVIEW_SOURCE; type: "ready" }
  | { source: typeof PREVIEW_SOURCE; type: "shown"; seq: number };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** A `show` message in the expected shape, or null. */
export function readPreviewShow(data: unknown): PreviewShowMessage | null {
  if (!isRecord(data) || data.source !== PREVIEW_SOURCE || data.type !== "show") return null;
  const { seq, quiz } = data;
  if (typeof seq !== "number" || !Number.isSafeInteger(seq)) return null;
  if (!isRecord(quiz) || typeof quiz.public_key !== "string" || !Array.isArray(quiz.questions)) {
    return null;
  }
  return data as unknown as PreviewShowMessage;
}

/** A message of the preview frame, or null. */
export function readPreviewFrameMessage(data: unknown): PreviewFrameMessage | null {
  if (!isRecord(data) || data.source !== PREVIEW_SOURCE) return null;
  if (data.type === "ready") return { source: PREVIEW_SOURCE, type: "ready" };
  if (data.type === "shown" && typeof data.seq === "number") {
    return { source: PREVIEW_SOURCE, type: "shown", seq: data.seq };
  }
  return null;
}
