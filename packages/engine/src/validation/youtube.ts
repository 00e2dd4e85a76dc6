import type { ValidationMessageKey } from "./messages";

/** YouTube video ids are 11 characters of the URL-safe base64 alphabet. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com"]);
const SHORT_HOST = "youtu.be";

/**
 * scheme://authority path ?query #fragment. No white space or backslash anywhere, so the
 * authority is exactly what a browser would connect to; the host is then compared with
 * a fixed list, which rules out lookalikes (youtube.com.evil.com, evil.com/youtube.com),
 * user info (youtube.com@evil.com), ports and any scheme other than http(s).
 */
const URL_PARTS = /^(https?):\/\/([^/?#]*)(\/[^?#]*)?(\?[^#]*)?(#.*)?$/i;

function queryParam(query: string, name: string): string | undefined {
  for (const pair of query.replace(/^\?/, "").split("&")) {
    const [key, value = ""] = pair.split("=", 2);
    if (key === name) return value;
  }
  return undefined;
}

/**
 * The video id of a YouTube address, or null when the value is not one. Accepted (http or
 * https, host youtube.com, www.youtube.com or m.youtube.com, case-insensitive):
 * `/watch?v=ID` (v anywhere in the query), `/embed/ID`, `/shorts/ID`, and `youtu.be/ID`.
 * A trailing slash, extra query parameters (`&t=42`) and a fragment are allowed.
 * An address without a scheme ("youtube.com/watch?v=…") is not accepted.
 */
export function extractYouTubeVideoId(url: string): string | null {
  const trimmed = url.trim();
  if (/[\s\\]/.test(trimmed)) return null;
  const parts = URL_PARTS.exec(trimmed);
  if (!parts) return null;
  const host = (parts[2] ?? "").toLowerCase();
  const path = parts[3] ?? "";
  const query = parts[4] ?? "";

  let id: string | undefined;
  if (host === SHORT_HOST) {
    id = /^\/([^/]+)\/?$/.exec(path)?.[1];
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (/^\/watch\/?$/.test(path)) {
      id = queryParam(query, "v");
    } else {
      id = /^\/(?:embed|shorts)\/([^/]+)\/?$/.exec(path)?.[1];
    }
  }
  return id !== undefined && VIDEO_ID.test(id) ? id : null;
}

/**
 * Video link rule (docs/product.md "Validation rules"): only valid YouTube addresses. Empty →
 * "required".
 */
export function validateYouTubeUrl(url: string): ValidationMessageKey | null {
  if (url.trim() === "") return "required";
  return extractYouTubeVideoId(url) === null ? "invalid_youtube_url" : null;
}
