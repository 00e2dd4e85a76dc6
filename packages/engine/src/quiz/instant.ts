const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * Milliseconds since the epoch of an ISO 8601 date ("2024-05-01", UTC midnight) or
 * date-time ("2024-05-01T10:30", "…:15.5Z", "…+02:00"; without an offset it is UTC), or
 * null when the text is not such a date or names a day that does not exist.
 */
export function parseInstant(text: string): number | null {
  const match = ISO.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "", zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const ms = Math.floor(Number(`0.${frac || "0"}`) * 1000);
  let instant = date.getTime() + ((hour * 60 + minute) * 60 + second) * 1000 + ms;
  if (zone && zone.toUpperCase() !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
    instant -= sign * offset * 60_000;
  }
  return instant;
}
