/** sRGB channels 0-255. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** WCAG 2.2 AA minimum contrast for normal text (1.4.3). */
export const AA_TEXT_CONTRAST = 4.5;

const clampChannel = (value: number) => Math.min(255, Math.max(0, value));

/**
 * A colour as the quiz design stores it (#rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba());
 * the alpha is ignored (treated as opaque). Null when the text is no such colour.
 */
export function parseColor(text: string): Rgb | null {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join("") : hex;
    return {
      r: Number.parseInt(full.slice(0, 2), 16),
      g: Number.parseInt(full.slice(2, 4), 16),
      b: Number.parseInt(full.slice(4, 6), 16),
    };
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(value)?.[1];
  if (!fn) return null;
  const parts = fn
    .split(/[\s,/]+/)
    .filter(Boolean)
    .slice(0, 3);
  if (parts.length < 3) return null;
  const channels = parts.map((part) =>
    part.endsWith("%") ? (Number.parseFloat(part) * 255) / 100 : Number.parseFloat(part),
  );
  if (channels.some((channel) => !Number.isFinite(channel))) return null;
  const [r = 0, g = 0, b = 0] = channels.map(clampChannel);
  return { r, g, b };
}

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** Relative luminance (WCAG 2.2 definition), 0 for black to 1 for white. */
export function relativeLuminance({ r, g, b }: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The WCAG contrast ratio of two colours, 1 to 21; null when either is not a colour. */
export function contrastRatio(foreground: string, background: string): number | null {
  const fg = parseColor(foreground);
  const bg = parseColor(background);
  if (!fg || !bg) return null;
  const [light, dark] = [relativeLuminance(fg), relativeLuminance(bg)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** True when the text colour is readable on the background under WCAG AA (unknown: true). */
export function meetsTextContrast(foreground: string, background: string): boolean {
  const ratio = contrastRatio(foreground, background);
  return ratio === null || ratio >= AA_TEXT_CONTRAST;
}

/** The runtime's error red, and a light red for dark backgrounds. */
const ERROR_REDS = ["#b91c1c", "#fca5a5"] as const;

/**
 * The red the visitor's error messages take on this background: the first of the runtime's
 * reds that is readable on it (WCAG AA), else the one that contrasts most.
 */
export function errorColorOn(background: string): string {
  let best: string = ERROR_REDS[0];
  let bestRatio = 0;
  for (const red of ERROR_REDS) {
    const ratio = contrastRatio(red, background);
    if (ratio === null) return ERROR_REDS[0];
    if (ratio >= AA_TEXT_CONTRAST) return red;
    if (ratio > bestRatio) [best, bestRatio] = [red, ratio];
  }
  return best;
}
