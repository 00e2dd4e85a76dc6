import { isVideo } from "../video";

/** An image or video file of a question, result or start page; space reserved by ratio. */
export function Media({ src, className }: { src: string | null; className?: string }) {
  if (!src) return null;
  const classes = `lq-media${className ? ` ${className}` : ""}`;
  if (isVideo(src)) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: owners upload a file without captions; none to offer
      <video className={classes} src={src} controls preload="metadata" width={640} height={360} />
    );
  }
  return <img className={classes} src={src} alt="" width={640} height={360} decoding="async" />;
}
