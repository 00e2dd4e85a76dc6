/** Whether an If-None-Match header names the ETag (weak comparison, `*` included). */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const bare = etag.replace(/^W\//, "");
  return (Array.isArray(header) ? header.join(",") : header)
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === bare);
}
