import type { AppConfig } from "../config";

/**
 * The addresses visitors reach, all on the visitor origin (`VISITOR_URL`,
 * docs/adr/0016-visitor-origin.md): quiz pages, landings, public profiles, the embed loader
 * and stored media. Every link the product shows or sends to them is made here.
 */
type VisitorOrigin = Pick<AppConfig, "visitorUrl">;

/** A quiz's visitor page: `{VISITOR_URL}/q/{public_key}`. */
export function publicQuizUrl(config: VisitorOrigin, publicKey: string): string {
  return `${config.visitorUrl}/q/${publicKey}`;
}

/** The landing's address: `{scheme}://{subdomain}.{LANDING_HOST}`, else `{VISITOR_URL}/l/{subdomain}`. */
export function landingUrl(
  config: Pick<AppConfig, "landingHost" | "visitorUrl">,
  subdomain: string,
): string {
  if (config.landingHost) {
    const scheme = new URL(config.visitorUrl).protocol;
    return `${scheme}//${subdomain}.${config.landingHost}`;
  }
  return `${config.visitorUrl}/l/${encodeURIComponent(subdomain)}`;
}

/** A public specialist profile: `{VISITOR_URL}/u/{slug}`. */
export function publicProfileUrl(config: VisitorOrigin, slug: string): string {
  return `${config.visitorUrl}/u/${slug}`;
}

/** The embed loader new snippets load: `{VISITOR_URL}/embed.js`. */
export function embedLoaderUrl(config: VisitorOrigin): string {
  return `${config.visitorUrl}/embed.js`;
}

/** `/media/…` (and any other root-relative path) → `{VISITOR_URL}/media/…`; null stays. */
export function absoluteMediaUrl(config: VisitorOrigin, value: string | null | undefined) {
  if (!value) return null;
  return value.startsWith("/") && !value.startsWith("//") ? `${config.visitorUrl}${value}` : value;
}
