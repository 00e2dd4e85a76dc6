import { fileTypeFromBuffer } from "file-type";
import type { StorageExtension } from "../../storage/storage-keys";

export type MediaKind = "image" | "video" | "document";

export interface MediaType {
  kind: MediaKind;
  /** The content type we store and serve (from the bytes, never from the request). */
  contentType: string;
  extension: StorageExtension;
}

/**
 * The types we accept, by the MIME type `file-type` reads from the file's first bytes.
 * Anything else — SVG, HTML, PDF, text, a renamed script — is refused (415): no file we
 * serve can run as active content on the product's origin.
 */
const accepted: Record<string, MediaType> = {
  "image/jpeg": { kind: "image", contentType: "image/jpeg", extension: "jpg" },
  "image/png": { kind: "image", contentType: "image/png", extension: "png" },
  "image/webp": { kind: "image", contentType: "image/webp", extension: "webp" },
  "image/gif": { kind: "image", contentType: "image/gif", extension: "gif" },
  "image/avif": { kind: "image", contentType: "image/avif", extension: "avif" },
  "video/mp4": { kind: "video", contentType: "video/mp4", extension: "mp4" },
  "video/x-m4v": { kind: "video", contentType: "video/mp4", extension: "mp4" },
  "video/webm": { kind: "video", contentType: "video/webm", extension: "webm" },
  "video/quicktime": { kind: "video", contentType: "video/quicktime", extension: "mov" },
};

/** How many leading bytes the sniffing needs (file-type's sample size). */
export const SNIFF_BYTES = 4100;

/** The accepted type of a file from its first bytes, or undefined. */
export async function sniffMediaType(head: Uint8Array): Promise<MediaType | undefined> {
  const detected = await fileTypeFromBuffer(head);
  return detected ? accepted[detected.mime] : undefined;
}

/** A PDF: taken only where a field says so (a profile's certificate, a portfolio file). */
const pdfType: MediaType = { kind: "document", contentType: "application/pdf", extension: "pdf" };

/** What a profile file field takes (docs/profile-rating.md "Files"). */
export type ProfileFileRule = "image" | "image_or_pdf";

/** The type of a profile file from its first bytes when `rule` takes it, or undefined. */
export async function sniffProfileFileType(
  head: Uint8Array,
  rule: ProfileFileRule,
): Promise<MediaType | undefined> {
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return undefined;
  if (detected.mime === "application/pdf") return rule === "image_or_pdf" ? pdfType : undefined;
  const type = accepted[detected.mime];
  return type?.kind === "image" ? type : undefined;
}

/** The content type of a stored key, from its extension (all keys end in one we chose). */
export function contentTypeOfKey(key: string): string | undefined {
  const extension = key.slice(key.lastIndexOf(".") + 1);
  return [...Object.values(accepted), pdfType].find((type) => type.extension === extension)
    ?.contentType;
}
