// Apart from format.ts (numbers and units, the later screens' only): the first screen needs
// this alone (docs/adr/0011).

/** Whether a media address is a video file (else an image). */
export function isVideo(src: string): boolean {
  return /\.(mp4|webm|ogg|mov)(\?|#|$)/i.test(src);
}
