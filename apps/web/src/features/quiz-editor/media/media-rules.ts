import {
  MAX_UPLOAD_BYTES,
  type ValidationMessageKey,
  validateFileSize,
  validateYouTubeUrl,
} from "@leadquiz/engine";

/** What a media slot takes: images only, or images and videos. */
export type MediaAccept = "image" | "image-video";

/** The `accept` attribute of the file input (the server sniffs the bytes anyway). */
export function acceptAttribute(accept: MediaAccept): string {
  return accept === "image" ? "image/*" : "image/*,video/*";
}

/** Why a file cannot be sent: `validation:file_too_large` or `errors:unsupported_media`. */
export type FileProblem = "file_too_large" | "unsupported_media";

/**
 * Why a chosen file cannot be sent, checked before any byte leaves the browser: over
 * 100 MB, or a type the slot does not take (the server sniffs the bytes too).
 */
export function fileProblem(
  file: Pick<File, "size" | "type">,
  accept: MediaAccept,
): FileProblem | null {
  if (validateFileSize(file.size)) return "file_too_large";
  const kind = mediaKindOfType(file.type);
  if (kind === undefined || (kind === "video" && accept === "image")) return "unsupported_media";
  return null;
}

export { MAX_UPLOAD_BYTES };

/** "image" or "video" from a MIME type; undefined for anything else. */
export function mediaKindOfType(type: string): "image" | "video" | undefined {
  if (type.startsWith("image/")) return "image";
  if (type.startsWith("video/")) return "video";
  return undefined;
}

const VIDEO_EXTENSIONS = /\.(mp4|m4v|webm|mov)(?:[?#].*)?$/i;

/** Whether a stored media path is a video (the server keeps the extension it chose). */
export function isVideoPath(path: string): boolean {
  return VIDEO_EXTENSIONS.test(path);
}

/** A video link field: "" is none; anything else must be a YouTube address. */
export function youTubeLinkProblem(value: string): ValidationMessageKey | null {
  const trimmed = value.trim();
  return trimmed === "" ? null : validateYouTubeUrl(trimmed);
}
