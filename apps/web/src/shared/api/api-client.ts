import {
  accessTokenSchema,
  type Endpoint,
  type EndpointAnswer,
  type EndpointBody,
  type EndpointQuery,
  endpoints,
  fillPath,
  type PathParamNames,
  type PathParams,
  SESSION_REQUEST_HEADER,
  SESSION_REQUEST_HEADER_VALUE,
} from "@leadquiz/contract";
import type { Session, SessionStore } from "../session/session-store";
import { ApiError } from "./api-error";
import { isTokenExpired } from "./jwt";

/** Anything with a zod-like `parse` (the contract's schemas). */
interface Parser<T> {
  parse(data: unknown): T;
}

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type QueryValue = string | number | boolean;

interface RequestOptions<T> {
  method?: HttpMethod;
  /** A JSON body (FormData is sent as it is). */
  body?: unknown;
  /** Parses the response; without it the parsed JSON (or undefined) is returned unchecked. */
  schema?: Parser<T>;
  /**
   * Send the bearer access token (default true, refreshing it first when needed). Auth calls
   * (login, register…) pass false.
   */
  auth?: boolean;
  /** The query; an array is sent as the key repeated (`keys=a&keys=b`). */
  query?: Record<string, QueryValue | readonly QueryValue[] | undefined>;
  signal?: AbortSignal | undefined;
  /**
   * Upload progress of a FormData body (bytes sent of the total). With it the request goes
   * through XMLHttpRequest, the one browser API that reports the bytes sent.
   */
  onUploadProgress?: ((sent: number, total: number) => void) | undefined;
}

export interface ApiClientOptions {
  /** The API base, e.g. "/api/v1" in the app or "http://api.test/api/v1" in tests. */
  baseUrl: string;
  session: SessionStore;
  fetch?: typeof fetch;
  /** The interface language sent as Accept-Language, so server messages come translated. */
  getLanguage?: () => string;
  now?: () => number;
  /**
   * Runs `task` while no other tab runs one under the same name (Web Locks in the browser,
   * docs/adr/0017-session-cookie.md): one refresh at a time across tabs, each with the
   * session cookie as the one before left it. Without it, only within this tab.
   */
  exclusive?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
}

/** The lock name of refreshing the session, shared by every tab of the app. */
export const REFRESH_LOCK = "leadquiz.session.refresh";

/**
 * What `api.call` takes for an endpoint of the contract's table: the path's parameters, the
 * query and the body, each typed from the endpoint (absent when it takes none), and the
 * request's own options.
 */
export type CallOptions<E extends Endpoint> = (PathParamNames<E["path"]> extends never
  ? { params?: undefined }
  : { params: PathParams<E["path"]> }) &
  (E extends { query: object } ? { query?: EndpointQuery<E> } : { query?: undefined }) &
  (E extends { body: object } ? { body: EndpointBody<E> | FormData } : { body?: undefined }) &
  Pick<RequestOptions<unknown>, "auth" | "signal" | "onUploadProgress">;

/** `call`'s options argument: optional when the endpoint needs none. */
type CallArguments<E extends Endpoint> =
  Record<string, never> extends CallOptions<E> ? [options?: CallOptions<E>] : [CallOptions<E>];

export interface ApiClient {
  /**
   * Calls an endpoint of the contract's table (docs/api.md "Conventions"): its method and
   * path, the parameters, query and body it takes, and its answer parsed by its success
   * schema, all typed from the same entry the server registers its route from.
   */
  call<E extends Endpoint>(endpoint: E, ...options: CallArguments<E>): Promise<EndpointAnswer<E>>;
  /**
   * Calls a GET endpoint of the table whose answer is a file (an export): the body as a Blob,
   * signed in, refreshed and failing like `call`.
   */
  download<E extends Endpoint & { readonly method: "GET" }>(
    endpoint: E,
    ...options: CallArguments<E>
  ): Promise<Blob>;
  /**
   * Gets a new access token with the session cookie (POST token/refresh/) and stores it; the
   * session is cleared when the server refuses the cookie. One at a time in this tab (callers
   * share it) and across tabs (`exclusive`). The app's start runs it (the silent refresh).
   */
  refreshSession(): Promise<Session>;
  /** Signs out: POST logout/ (the server revokes the cookie's session), then clears it here. */
  endSession(): Promise<void>;
}

/**
 * The HTTP client of the owner app. It adds `Authorization: Bearer`, `Accept-Language` and
 * the app's header (`X-Requested-With`, which the refresh and logout calls require),
 * refreshes an access token that has expired (or will within 10 s) before sending — one
 * refresh at a time, shared by concurrent calls — and clears the session when the server
 * refuses the session cookie. Every failure is thrown as an ApiError; what the user sees
 * (toasts, redirects) is decided by the hooks and components, never here.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { session } = options;
  const now = options.now ?? Date.now;
  const send = createSend(options);
  let refreshing: Promise<Session> | null = null;

  const exclusive =
    options.exclusive ?? (<T>(_name: string, task: () => Promise<T>): Promise<T> => task());

  /**
   * One refresh at a time: concurrent callers of this tab share the same promise, other tabs
   * wait for the lock and then refresh with the cookie as the previous one left it. What it
   * gets is stored only if this tab did not sign in or out meanwhile.
   */
  function refreshSession(): Promise<Session> {
    if (!refreshing) {
      const version = session.version();
      refreshing = exclusive(REFRESH_LOCK, async () => {
        const result = await send(endpoints.refreshToken.path, { method: "POST", access: null });
        if (!result.ok) {
          // The server refused the cookie: the session is over. A network failure or a server
          // error (5xx) keeps it so that the next call can try again.
          if (result.status >= 400 && result.status < 500 && session.version() === version) {
            session.clear();
          }
          throw new ApiError(result.status, result.data);
        }
        const fresh = accessTokenSchema.parse(result.data);
        if (session.version() === version) session.set(fresh);
        return fresh;
      }).finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  async function endSession(): Promise<void> {
    // Under the lock: a refresh of another tab does not rotate the cookie being revoked.
    await exclusive(REFRESH_LOCK, () =>
      send(endpoints.signOut.path, { method: "POST", access: null }),
    ).catch(() => undefined);
    session.clear();
  }

  async function accessToken(): Promise<string> {
    const current = session.get();
    if (!current)
      throw new ApiError(401, { detail: "Not authenticated", code: "not_authenticated" });
    if (!isTokenExpired(current.access, now())) return current.access;
    return (await refreshSession()).access;
  }

  async function request<T = unknown>(
    path: string,
    opts: RequestOptions<T> = {},
    file = false,
  ): Promise<T> {
    const method = opts.method ?? "GET";
    const auth = opts.auth ?? true;
    const access = auth ? await accessToken() : null;
    let result = await send(
      path,
      { method, body: opts.body, access, file },
      opts.query,
      opts.signal,
      opts.onUploadProgress,
    );

    // An access token refused although it looked valid (revoked, clock skew): refresh once.
    if (auth === true && result.status === 401) {
      const current = session.get();
      if (current && current.access === access) {
        const tokens = await refreshSession();
        result = await send(
          path,
          { method, body: opts.body, access: tokens.access, file },
          opts.query,
          opts.signal,
          opts.onUploadProgress,
        );
      }
    }

    if (!result.ok) throw new ApiError(result.status, result.data);
    return opts.schema ? opts.schema.parse(result.data) : (result.data as T);
  }

  /** The request of an endpoint of the table: its method, its filled path, query and body. */
  function endpointRequest<E extends Endpoint>(
    endpoint: E,
    options: CallOptions<E> | undefined,
    file: boolean,
  ): Promise<unknown> {
    const { params, query, body, ...rest } = (options ?? {}) as {
      params?: Record<string, string | number>;
      query?: RequestOptions<unknown>["query"];
      body?: unknown;
    } & Pick<RequestOptions<unknown>, "auth" | "signal" | "onUploadProgress">;
    const opts: RequestOptions<unknown> = { ...rest, method: endpoint.method, body };
    if (query) opts.query = query;
    if (!file) {
      const success = Object.entries(endpoint.responses ?? {}).find(([status]) =>
        status.startsWith("2"),
      );
      if (success) opts.schema = success[1] as Parser<unknown>;
    }
    return request(fillPath(endpoint.path, params ?? {}), opts, file);
  }

  function call<E extends Endpoint>(
    endpoint: E,
    ...[options]: CallArguments<E>
  ): Promise<EndpointAnswer<E>> {
    // The answer is what the endpoint's success schema parsed.
    return endpointRequest(endpoint, options, false) as Promise<EndpointAnswer<E>>;
  }

  function download<E extends Endpoint & { readonly method: "GET" }>(
    endpoint: E,
    ...[options]: CallArguments<E>
  ): Promise<Blob> {
    return endpointRequest(endpoint, options, true) as Promise<Blob>;
  }

  return { call, download, refreshSession, endSession };
}

/** What `send` gets back: the status and the parsed body (a Blob for a file). */
interface SendResult {
  status: number;
  data: unknown;
  ok: boolean;
}

/**
 * The client's one HTTP round trip: the address with its query, the app's headers, and the
 * body parsed; a network failure is an ApiError with status 0.
 */
function createSend(options: ApiClientOptions) {
  const { baseUrl } = options;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function url(path: string, query?: RequestOptions<unknown>["query"]): string {
    const base = baseUrl.replace(/\/+$/, "");
    const rel = path.startsWith("/") ? path : `/${path}`;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined) params.append(key, String(item));
      }
    }
    const search = params.toString();
    return `${base}${rel}${search ? `?${search}` : ""}`;
  }

  function headers(body: unknown, access: string | null): Headers {
    const result = new Headers({
      Accept: "application/json",
      [SESSION_REQUEST_HEADER]: SESSION_REQUEST_HEADER_VALUE,
    });
    const language = options.getLanguage?.();
    if (language) result.set("Accept-Language", language);
    if (body !== undefined && !(body instanceof FormData)) {
      result.set("Content-Type", "application/json");
    }
    if (access) result.set("Authorization", `Bearer ${access}`);
    return result;
  }

  async function send(
    path: string,
    init: { method: HttpMethod; body?: unknown; access: string | null; file?: boolean },
    query?: RequestOptions<unknown>["query"],
    signal?: AbortSignal,
    onUploadProgress?: RequestOptions<unknown>["onUploadProgress"],
  ): Promise<SendResult> {
    // An injected fetch (tests) is always used; the browser's own path reports progress.
    if (
      onUploadProgress &&
      !options.fetch &&
      init.body instanceof FormData &&
      typeof XMLHttpRequest !== "undefined"
    ) {
      return sendWithProgress(
        init.method,
        url(path, query),
        headers(init.body, init.access),
        init.body,
        onUploadProgress,
        signal,
      );
    }
    let response: Response;
    try {
      response = await doFetch(url(path, query), {
        method: init.method,
        headers: headers(init.body, init.access),
        body:
          init.body === undefined
            ? null
            : init.body instanceof FormData
              ? init.body
              : JSON.stringify(init.body),
        signal: signal ?? null,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      throw new ApiError(0, null);
    }
    const data = init.file && response.ok ? await response.blob() : await readBody(response);
    return { status: response.status, ok: response.ok, data };
  }

  return send;
}

/** A FormData upload through XMLHttpRequest, reporting the bytes sent (same result as fetch). */
function sendWithProgress(
  method: HttpMethod,
  address: string,
  headers: Headers,
  body: FormData,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal | undefined,
): Promise<SendResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, address);
    for (const [name, value] of headers) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      const status = xhr.status;
      resolve({
        status,
        ok: status >= 200 && status < 300,
        data: parseText(status, xhr.responseText),
      });
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.onabort = () => reject(new DOMException("The upload was aborted", "AbortError"));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException("The upload was aborted", "AbortError"));
        return;
      }
      signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  return parseText(response.status, await response.text());
}

function parseText(status: number, text: string): unknown {
  if (status === 204 || status === 205 || text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
