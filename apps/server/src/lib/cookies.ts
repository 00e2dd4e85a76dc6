/** One cookie's value from a Cookie header (the first one if it is repeated). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  return readCookies(header, name)[0];
}

/**
 * Every value a Cookie header carries under `name`, in order. A browser sends two cookies of
 * one name when they differ in Domain or Path (e.g. one set by a sibling host for the parent
 * domain beside our host-only one).
 */
export function readCookies(header: string | undefined, name: string): string[] {
  const values: string[] = [];
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name)
      values.push(part.slice(index + 1).trim());
  }
  return values;
}
