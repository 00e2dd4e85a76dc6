/**
 * What the profile's file slots take, checked in the browser before anything is sent (the
 * server checks the bytes again and answers the same limits, OpenAPI `updateProfile`).
 */
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"];

export type FileAccept = "image" | "image-pdf";

/** The `accept` attribute of a slot's file input. */
export function acceptOf(accept: FileAccept): string {
  const images = IMAGE_TYPES.join(",");
  return accept === "image" ? images : `${images},application/pdf`;
}

/** Why a file cannot go into a slot: too large or of a type it does not take; null when fine. */
export function fileProblem(
  file: Pick<File, "size" | "type">,
  accept: FileAccept,
  maxMegabytes: number,
): "tooLarge" | "wrongType" | null {
  const typeOk =
    IMAGE_TYPES.includes(file.type) || (accept === "image-pdf" && file.type === "application/pdf");
  if (!typeOk) return "wrongType";
  if (file.size > maxMegabytes * 1024 * 1024) return "tooLarge";
  return null;
}
