import sharp from "sharp";
import type { MediaType } from "./media-types";

/** The longest side of a stored image; larger ones are scaled down (never up). */
export const MAX_IMAGE_SIDE = 2560;

/**
 * Re-encodes an uploaded image from `inputPath` into `outputPath`, in the same format:
 * turned upright by its EXIF orientation, scaled to fit MAX_IMAGE_SIDE, every metadata block
 * (EXIF, GPS, XMP, ICC comments) dropped — sharp writes none unless asked. Animated GIF and
 * WebP keep their frames. Throws when the bytes do not decode as an image.
 */
export async function reencodeImage(
  inputPath: string,
  outputPath: string,
  type: MediaType,
): Promise<void> {
  const animated = type.extension === "gif" || type.extension === "webp";
  let pipeline = sharp(inputPath, { animated, failOn: "error" }).rotate().resize({
    width: MAX_IMAGE_SIDE,
    height: MAX_IMAGE_SIDE,
    fit: "inside",
    withoutEnlargement: true,
  });
  switch (type.extension) {
    case "jpg":
      pipeline = pipeline.jpeg({ quality: 85, mozjpeg: true });
      break;
    case "png":
      pipeline = pipeline.png({ compressionLevel: 8 });
      break;
    case "webp":
      pipeline = pipeline.webp({ quality: 85 });
      break;
    case "gif":
      pipeline = pipeline.gif();
      break;
    case "avif":
      pipeline = pipeline.avif({ quality: 60 });
      break;
    default:
      throw new Error(`not an image type: ${type.contentType}`);
  }
  await pipeline.toFile(outputPath);
}
