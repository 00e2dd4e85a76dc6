import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isForbiddenAddress } from "./address-policy";

/**
 * The one HTTP client of every integration (docs/delivery.md, "Outgoing requests"):
 * - https only, unless private networks are allowed (INTEGRATIONS_ALLOW_PRIVATE_NETWORKS,
 *   for development and tests), which also allows http;
 * - the name is resolved by the socket's own `lookup` and every address it gives is checked
 *   before connecting, so the address checked is the address connected to (no window for
 *   DNS rebinding); IP literals are checked before the request starts;
 * - connections are kept open between calls to one host (at most 64 at once, an idle one
 *   closed after 4 s or sooner when the server says so): the address check runs on each
 *   new connection, and a kept one goes on to the address checked when it opened;
 * - redirects are answered, never followed; the response body is capped; one time-out
 *   covers the whole call;
 * - errors name the host, never the full URL (paths and queries can hold keys).
 */
export interface OutgoingRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** Overrides the client's time-out for this call. */
  timeoutMs?: number;
}

export interface OutgoingResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as text, at most the client's cap. */
  body: string;
  truncated: boolean;
}

export type OutgoingErrorCode =
  | "invalid_url"
  | "https_required"
  | "forbidden_address"
  | "timeout"
  | "network";

export class OutgoingRequestError extends Error {
  constructor(
    readonly code: OutgoingErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "OutgoingRequestError";
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;
/** dns.lookup's shape with `all: true` (what a test replaces to point a name anywhere). */
export type Resolve = (
  hostname: string,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

export interface OutgoingHttpOptions {
  allowPrivateNetworks: boolean;
  timeoutMs?: number;
  maxBodyBytes?: number;
  /** Name resolution; the system resolver by default. */
  resolve?: Resolve;
  /** How long an idle kept connection stays open (4 s by default). */
  idleSocketMs?: number;
  userAgent?: string;
}

export interface OutgoingHttp {
  request(request: OutgoingRequest): Promise<OutgoingResponse>;
}

export const OUTGOING_TIMEOUT_MS = 10_000;
const MAX_BODY_BYTES = 64 * 1024;
/** Connections open at once to one host (above the delivery worker's 32 per target). */
export const MAX_SOCKETS_PER_HOST = 64;
/** An idle kept connection is closed after this (below the 5 s of common servers). */
const IDLE_SOCKET_MS = 4_000;

const systemResolve: Resolve = (hostname, callback) =>
  dnsLookup(hostname, { all: true, verbatim: true }, callback);

export function createOutgoingHttp(options: OutgoingHttpOptions): OutgoingHttp {
  const {
    allowPrivateNetworks,
    timeoutMs = OUTGOING_TIMEOUT_MS,
    maxBodyBytes = MAX_BODY_BYTES,
    resolve = systemResolve,
    userAgent = "Leadquiz-Webhooks/1.0",
    idleSocketMs = IDLE_SOCKET_MS,
  } = options;
  // Kept connections, per host (the agents' own pools). Every new one gets `guardedLookup`.
  const agentOptions = {
    keepAlive: true,
    maxSockets: MAX_SOCKETS_PER_HOST,
    maxFreeSockets: MAX_SOCKETS_PER_HOST,
    timeout: idleSocketMs,
    scheduling: "lifo" as const,
  };
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

  /** The socket's lookup: resolves, then refuses the whole name if any address is forbidden. */
  function guardedLookup(hostname: string, lookupOptions: LookupOptions, callback: LookupCallback) {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, []);
      const wanted = addresses.filter(
        (a) => !lookupOptions.family || lookupOptions.family === a.family,
      );
      if (wanted.length === 0) {
        return callback(
          Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }),
          [],
        );
      }
      if (!allowPrivateNetworks && wanted.some((a) => isForbiddenAddress(a.address))) {
        return callback(
          new OutgoingRequestError(
            "forbidden_address",
            `${hostname} resolves to a forbidden address`,
          ),
          [],
        );
      }
      if (lookupOptions.all) return callback(null, wanted);
      const [first] = wanted as [LookupAddress];
      return callback(null, first.address, first.family);
    });
  }

  return {
    request(request) {
      return new Promise<OutgoingResponse>((resolvePromise, reject) => {
        let url: URL;
        try {
          url = new URL(request.url);
        } catch {
          return reject(new OutgoingRequestError("invalid_url", "the address is not a URL"));
        }
        const host = url.hostname;
        if (url.protocol !== "https:" && !(allowPrivateNetworks && url.protocol === "http:")) {
          return reject(
            new OutgoingRequestError("https_required", `${host}: only https is allowed`),
          );
        }
        const literal = host.startsWith("[") ? host.slice(1, -1) : host;
        if (isIP(literal) && !allowPrivateNetworks && isForbiddenAddress(literal)) {
          return reject(
            new OutgoingRequestError("forbidden_address", `${host} is a forbidden address`),
          );
        }
        const secure = url.protocol === "https:";
        const transport = secure ? https : http;
        const body = request.body === undefined ? undefined : Buffer.from(request.body, "utf8");
        const headers: Record<string, string> = {
          "user-agent": userAgent,
          ...request.headers,
          ...(body ? { "content-length": String(body.length) } : {}),
        };
        let settled = false;
        const finish = (action: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          action();
        };
        const outgoing = transport.request(
          url,
          {
            method: request.method,
            headers,
            lookup: guardedLookup as never,
            agent: secure ? agents.https : agents.http,
          },
          (response) => {
            const chunks: Buffer[] = [];
            let size = 0;
            let truncated = false;
            response.on("data", (chunk: Buffer) => {
              if (truncated) return;
              const room = maxBodyBytes - size;
              if (chunk.length > room) {
                chunks.push(chunk.subarray(0, room));
                size = maxBodyBytes;
                truncated = true;
                done();
                response.destroy();
                return;
              }
              chunks.push(chunk);
              size += chunk.length;
            });
            const done = () =>
              finish(() =>
                resolvePromise({
                  status: response.statusCode ?? 0,
                  headers: response.headers,
                  body: Buffer.concat(chunks).toString("utf8"),
                  truncated,
                }),
              );
            response.on("end", done);
            response.on("error", (error) => finish(() => reject(networkError(host, error))));
          },
        );
        const timer = setTimeout(() => {
          finish(() =>
            reject(
              new OutgoingRequestError(
                "timeout",
                `${host} did not answer within ${timeoutMs / 1000} s`,
              ),
            ),
          );
          outgoing.destroy();
        }, request.timeoutMs ?? timeoutMs);
        outgoing.on("error", (error) => finish(() => reject(networkError(host, error))));
        outgoing.end(body);
      });
    },
  };
}

function networkError(host: string, error: Error): OutgoingRequestError {
  if (error instanceof OutgoingRequestError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  return new OutgoingRequestError("network", `${host}: ${code ?? error.message}`);
}
