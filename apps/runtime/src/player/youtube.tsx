import { extractYouTubeVideoId } from "@leadquiz/engine";

// Apart from media.tsx (which the start screen needs): only a question shows a video link,
// so this and the engine's YouTube address parser are in the later screens' chunk.

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
