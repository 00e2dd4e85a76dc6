import type { AppConfig } from "../../config";

/**
 * Landing subdomains no owner may take (docs/quiz-model.md "Reserved subdomains"): names an
 * operator gives their own services on the landing domain, names mail and network clients
 * look up by themselves (autoconfig, autodiscover, wpad), and names that would pass a landing
 * off as the product or its operator. Everyday words an owner may want ("shop", "news") are
 * left free. Lower case; the engine's rule keeps out names shorter than 4 characters anyway,
 * `www`, `api` and `app` included, but they are listed for clarity.
 */
export const RESERVED_SUBDOMAINS: readonly string[] = [
  // The product and its parts
  "www api app admin administrator dashboard account accounts auth login signin signup",
  "register owner owners operator leadquiz embed runtime preview visit visitor visitors",
  "landing landings",
  // Infrastructure
  "localhost static cdn assets media files upload uploads download downloads fonts images",
  "img storage proxy gateway internal intranet staging stage test testing sandbox beta",
  "preprod prod production dev development local status health metrics monitoring grafana",
  "logs vpn remote git ci",
  // Mail and network clients' own look-ups
  "mail email webmail smtp imap pop3 mx ns1 ns2 ns3 dns autoconfig autodiscover wpad isatap",
  "postmaster hostmaster webmaster abuse noreply no-reply",
  // What owners and visitors trust to be the operator's
  "support help helpdesk docs documentation blog news about legal privacy terms security",
  "billing pay payment payments checkout invoice invoices partners affiliate referral",
  "official",
].flatMap((line) => line.split(" "));

type HostConfig = Pick<AppConfig, "publicUrl" | "visitorUrl" | "landingHost">;

/** The first label of a host name ("app" of "app.example.com:3000"); none for an IP address. */
function firstLabel(host: string): string | undefined {
  const name = new URL(`http://${host}`).hostname.toLowerCase();
  if (/^[\d.]+$/.test(name) || name.startsWith("[")) return undefined;
  return name.split(".")[0] || undefined;
}

/**
 * Every reserved subdomain of this server: the list above and the first label of each of the
 * product's own hosts (PUBLIC_URL's, VISITOR_URL's, LANDING_HOST's), so that no landing answers
 * at an address that reads like the product's own. Add a host of the product here when one is
 * configured.
 */
export function reservedSubdomains(config: HostConfig): ReadonlySet<string> {
  const hosts = [
    new URL(config.publicUrl).host,
    new URL(config.visitorUrl).host,
    config.landingHost,
  ];
  const labels = hosts.flatMap((host) => (host ? [firstLabel(host)] : []));
  return new Set([
    ...RESERVED_SUBDOMAINS,
    ...labels.filter((label): label is string => label !== undefined),
  ]);
}
