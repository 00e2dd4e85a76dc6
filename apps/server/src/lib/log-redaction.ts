import type { FastifyRequest } from "fastify";

/** Paths whose last segment is a secret: the mailed links of the web app (docs/security.md). */
const SECRET_PATH =
  /^(.*?\/(?:reset-password|verify-email|confirm-email|complete-registration)\/)[^/?#]+/;
/** Query parameters that carry secrets (reset and e-mail tokens, OIDC codes and state, …). */
const SECRET_PARAMS = /^(?:token|code|state|access|refresh|id_token|session_state|key)$/i;
const CENSOR = "[redacted]";

/**
 * A request URL fit for the logs: the token of `/reset-password/…`, `/verify-email/…`,
 * `/confirm-email/…` and `/complete-registration/…` and the values of secret-carrying query parameters (`token`, `code`,
 * `state`, `access`, `refresh`, …) replaced by `[redacted]`.
 */
export function redactUrl(url: string): string {
  const [pathPart = "", ...rest] = url.split("?");
  const path = pathPart.replace(SECRET_PATH, `$1${CENSOR}`);
  if (rest.length === 0) return path;
  const query = rest
    .join("?")
    .split("&")
    .map((pair) => {
      const index = pair.indexOf("=");
      const name = index === -1 ? pair : pair.slice(0, index);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed escape: compare the raw name.
      }
      return index !== -1 && SECRET_PARAMS.test(decoded) ? `${name}=${CENSOR}` : pair;
    })
    .join("&");
  return `${path}?${query}`;
}

/**
 * Fastify's request serializer with the URL redacted (app.ts). Same fields as Fastify's own:
 * method, url, host, remote address and port.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    ...(request.socket?.remotePort === undefined ? {} : { remotePort: request.socket.remotePort }),
  };
}
