import { extractYouTubeVideoId } from "@leadquiz/engine";
import { isVideo } from "../format";

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

/** A YouTube video (privacy-enhanced embed, loaded lazily); a consultant's is a bubble. */
export function YouTube({ url, consultant }: { url: string | null; consultant: boolean }) {
  const id = url ? extractYouTubeVideoId(url) : null;
  if (!id) return null;
  return (
    <iframe
      className={consultant ? "lq-video lq-video--consultant" : "lq-video"}
      src={`https://www.youtube-nocookie.com/embed/${id}`}
      title="YouTube"
      width={640}
      height={360}
      loading="lazy"
      allow="autoplay; encrypted-media; picture-in-picture"
      allowFullScreen
    />
  );
}
