import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { AppConfig } from "../config";

/**
 * The two origins one process answers (docs/adr/0016-visitor-origin.md): the owner app's
 * (`PUBLIC_URL`) and the visitors' (`VISITOR_URL`, and the landings' `{subdomain}.LANDING_HOST`),
 * told apart by the request's host. Any host that is not a visitor host is the app's.
 */
export type Surface = "app" | "visitor";

/** The last value of a header that a chain of proxies may have sent as a list. */
function lastEntry(value: string | string[]): string {
  const joined = Array.isArray(value) ? value.join(",") : value;
  return joined.slice(joined.lastIndexOf(",") + 1).trim();
}

/**
 * The request's host name, lower case and without its port, as Fastify's
 * `request.hostname` reads it: `X-Forwarded-Host` (its last entry) when the socket's peer
 * is a trusted proxy (`TRUST_PROXY`), else `Host`. One reader for the hook, the fast reads
 * and the landing hosts' rewrite, which all run on the raw request.
 */
export function hostnameReader(
  trustProxy: AppConfig["trustProxy"],
): (request: IncomingMessage) => string {
  const trusted = trustProxy === false ? () => false : proxyAddr.compile(trustProxy);
  return (request) => {
    const forwarded = request.headers["x-forwarded-host"];
    const address = request.socket?.remoteAddress;
    const host =
      forwarded && address !== undefined && trusted(address, 0)
        ? lastEntry(forwarded)
        : (request.headers.host ?? "");
    const bare = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0];
    return (bare ?? "").toLowerCase();
  };
}

/** Whether `hostname` is one of the visitor hosts of `config`. */
export function visitorHostTest(
  config: Pick<AppConfig, "visitorUrl" | "landingHost">,
): (hostname: string) => boolean {
  const visitorHost = new URL(config.visitorUrl).hostname.toLowerCase();
  const landingHost = config.landingHost?.replace(/:\d+$/, "");
  return (hostname) =>
    hostname === visitorHost ||
    (landingHost !== undefined &&
      (hostname === landingHost || hostname.endsWith(`.${landingHost}`)));
}

/** The surface a raw request is on, by its host (see `hostnameReader`). */
export function surfaceReader(
  config: Pick<AppConfig, "visitorUrl" | "landingHost" | "trustProxy">,
): (request: IncomingMessage) => Surface {
  const hostname = hostnameReader(config.trustProxy);
  const isVisitorHost = visitorHostTest(config);
  return (request) => (isVisitorHost(hostname(request)) ? "visitor" : "app");
}
