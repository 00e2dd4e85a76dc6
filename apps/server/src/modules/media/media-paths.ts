import { isStorageKey } from "../../storage/storage-keys";

/** Where stored files are served (outside /api/v1: plain GETs, cacheable by any CDN). */
export const MEDIA_ROUTE_PREFIX = "/media/";

/** The value a file field holds and the API answers: the path the file is served at. */
export function mediaPathOf(key: string): string {
  return `${MEDIA_ROUTE_PREFIX}${key}`;
}

/** The storage key of a `/media/…` value, or undefined for anything else. */
export function keyOfMediaPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith(MEDIA_ROUTE_PREFIX)) return undefined;
  const key = value.slice(MEDIA_ROUTE_PREFIX.length);
  return isStorageKey(key) ? key : undefined;
}
