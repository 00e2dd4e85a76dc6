import type { AppConfig } from "../config";

/** The addresses visitors reach: quiz pages, landings and stored media, under PUBLIC_URL. */

/** A quiz's visitor page: `{PUBLIC_URL}/q/{public_key}`. */
export function publicQuizUrl(publicUrl: string, publicKey: string): string {
  return `${publicUrl}/q/${publicKey}`;
}

/** The landing's address: `{scheme}://{subdomain}.{LANDING_HOST}`, else `{PUBLIC_URL}/l/{subdomain}`. */
export function landingUrl(
  config: Pick<AppConfig, "landingHost" | "publicUrl">,
  subdomain: string,
): string {
  if (config.landingHost) {
    const scheme = new URL(config.publicUrl).protocol;
    return `${scheme}//${subdomain}.${config.landingHost}`;
  }
  return `${config.publicUrl}/l/${encodeURIComponent(subdomain)}`;
}

/** `/media/…` (and any other root-relative path) → `{PUBLIC_URL}/media/…`; null stays. */
export function absoluteMediaUrl(publicUrl: string, value: string | null | undefined) {
  if (!value) return null;
  return value.startsWith("/") && !value.startsWith("//") ? `${publicUrl}${value}` : value;
}
