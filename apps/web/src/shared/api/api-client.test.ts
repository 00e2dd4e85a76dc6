import { endpoints } from "@leadquiz/contract";
import { describe, expect, it } from "vitest";
import { testOwner } from "@/test/render-app";
import { channelHub } from "@/test/session-channels";
import { createSessionStore, type SessionChannel } from "../session/session-store";
import { createApiClient } from "./api-client";
import { ApiError } from "./api-error";

const BASE = "http://api.test/api/v1";
const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);

/** The user userinfo/ answers (the fake adds a key the contract does not know). */
const user = testOwner;

function base64url(value: string): string {
  return btoa(value).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** An unsigned JWT whose `exp` is `secondsFromNow` after NOW (the client never verifies). */
function jwt(secondsFromNow: number, subject = "1"): string {
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = base64url(
    JSON.stringify({ sub: subject, exp: Math.floor(NOW / 1000) + secondsFromNow }),
  );
  return `${header}.${payload}.signature`;
}

interface Seen {
  method: string;
  path: string;
  search: string;
  authorization: string | null;
  language: string | null;
  appHeader: string | null;
  body: unknown;
}

/**
 * A tiny in-memory API and one browser's cookie jar: token/refresh/ spends the session cookie
 * (refusing a request without the app's header) and sets its successor, as the server does;
 * logout/ revokes it; userinfo/ answers only to the current access token. Every request is
 * recorded.
 */
function fakeApi(options: {
  cookie: string | null;
  /** The cookie the server accepts (the browser's by default). */
  serverCookie?: string | null;
  refreshDelayMs?: number;
}) {
  const seen: Seen[] = [];
  /** The browser's session cookie, and the one the server would accept. */
  let cookie: string | null = options.cookie;
  let validCookie: string | null =
    options.serverCookie === undefined ? options.cookie : options.serverCookie;
  let validAccess: string | null = null;
  let counter = 0;

  const fetchFn: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname.replace("/api/v1", "");
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    seen.push({
      method: request.method,
      path,
      search: new URL(request.url).search,
      authorization: request.headers.get("Authorization"),
      language: request.headers.get("Accept-Language"),
      appHeader: request.headers.get("X-Requested-With"),
      body,
    });
    const json = (status: number, data: unknown) =>
      new Response(JSON.stringify(data), {
        status,
        headers: { "Content-Type": "application/json" },
      });

    if (path === "/token/refresh/") {
      if (!request.headers.get("X-Requested-With")) return json(403, { code: "permission_denied" });
      const sent = cookie;
      if (options.refreshDelayMs) await new Promise((r) => setTimeout(r, options.refreshDelayMs));
      if (!sent || sent !== validCookie) {
        cookie = null;
        return json(401, { detail: "Refresh token is not valid", code: "token_not_valid" });
      }
      counter += 1;
      validAccess = jwt(900, `fresh-${counter}`);
      validCookie = `cookie-${counter}`;
      cookie = validCookie;
      return json(200, { access: validAccess });
    }
    if (path === "/logout/") {
      validCookie = null;
      cookie = null;
      return new Response(null, { status: 205 });
    }
    if (path === "/userinfo/") {
      const token = request.headers.get("Authorization")?.replace("Bearer ", "");
      if (!token || (validAccess !== null && token !== validAccess)) {
        return json(401, { detail: "Token is not valid", code: "token_not_valid" });
      }
      return json(200, [{ ...user, unknown_key: "dropped by the schema" }]);
    }
    if (path === "/leads/export/") {
      return new Response("id,name\n", { status: 200, headers: { "Content-Type": "text/csv" } });
    }
    if (path === "/tariffinfo/") return json(200, { balance: "not a tariff info" });
    if (path === "/register/") {
      return json(400, { email: ["This e-mail is already registered"] });
    }
    return json(404, { detail: "Not found", code: "not_found" });
  };

  return {
    fetch: fetchFn,
    seen,
    acceptAccess(token: string) {
      validAccess = token;
    },
    cookie: () => cookie,
    /** A sign-in in this browser: the server sets a new session cookie; its access token. */
    signIn(): string {
      counter += 1;
      validCookie = `signed-in-${counter}`;
      cookie = validCookie;
      validAccess = jwt(900, `signed-in-${counter}`);
      return validAccess;
    },
    refreshCalls: () => seen.filter((s) => s.path === "/token/refresh/"),
    dataCalls: () => seen.filter((s) => s.path !== "/token/refresh/"),
  };
}

/** A tab: its session store (signed in with `access`, when given) and its API client. */
function tab(
  api: ReturnType<typeof fakeApi>,
  options: {
    access?: string;
    channel?: SessionChannel;
    exclusive?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
  } = {},
) {
  const session = createSessionStore({
    restore: async () => {
      if (options.access) session.set({ access: options.access });
      else await client.refreshSession();
    },
    channel: options.channel,
  });
  const client = createApiClient({
    baseUrl: BASE,
    session,
    fetch: api.fetch,
    getLanguage: () => "uk",
    now: () => NOW,
    ...(options.exclusive ? { exclusive: options.exclusive } : {}),
  });
  return { session, client };
}

/** One lock manager of a browser: a queue, as Web Locks grant one name in order. */
function lockQueue() {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(_name: string, task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
}

/** A tab signed in with a valid access token the fake API accepts. */
async function signedIn() {
  const access = jwt(600);
  const api = fakeApi({ cookie: "cookie-0" });
  api.acceptAccess(access);
  const { session, client } = tab(api, { access });
  await session.load();
  return { api, access, client };
}

describe("api client", () => {
  it("sends a valid access token as it is, with the interface language and the app's header", async () => {
    const { api, access, client } = await signedIn();

    await expect(client.call(endpoints.getUserInfo)).resolves.toEqual([user]);
    expect(api.refreshCalls()).toHaveLength(0);
    expect(api.seen[0]).toMatchObject({
      path: "/userinfo/",
      authorization: `Bearer ${access}`,
      language: "uk",
      appHeader: "leadquiz",
    });
  });

  it("starts with one silent refresh: the cookie's session, in memory only", async () => {
    const api = fakeApi({ cookie: "cookie-0" });
    const { session, client } = tab(api);
    expect(session.isLoaded()).toBe(false);
    const loading = session.load();
    expect(session.isLoaded()).toBe(false);
    await loading;

    expect(session.isLoaded()).toBe(true);
    expect(api.refreshCalls()).toHaveLength(1);
    expect(api.refreshCalls()[0]).toMatchObject({ method: "POST", body: undefined });
    expect(session.get()?.access).toMatch(/\.signature$/);
    await client.call(endpoints.getUserInfo);
    expect(api.refreshCalls()).toHaveLength(1);
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(document.cookie).toBe("");
  });

  it("starts signed out when the cookie holds no session", async () => {
    const api = fakeApi({ cookie: null });
    const { session } = tab(api);
    await expect(session.load()).resolves.toBeNull();
    expect(session.isLoaded()).toBe(true);
    expect(api.refreshCalls()).toHaveLength(1);
  });

  it("refreshes an expired access token before the request", async () => {
    const api = fakeApi({ cookie: "cookie-0" });
    const { session, client } = tab(api, { access: jwt(-60) });
    await session.load();

    await client.call(endpoints.getUserInfo);

    expect(api.seen.map((s) => s.path)).toEqual(["/token/refresh/", "/userinfo/"]);
    expect(api.seen[0]?.appHeader).toBe("leadquiz");
    expect(api.cookie()).toBe("cookie-1");
    const stored = session.get();
    expect(api.seen[1]?.authorization).toBe(`Bearer ${stored?.access}`);
    expect(window.localStorage.length).toBe(0);
  });

  it("refreshes a token that expires within the next 10 seconds", async () => {
    const api = fakeApi({ cookie: "cookie-0" });
    const { session, client } = tab(api, { access: jwt(5) });
    await session.load();

    await client.call(endpoints.getUserInfo);
    expect(api.refreshCalls()).toHaveLength(1);
  });

  it("shares one refresh between concurrent requests", async () => {
    const api = fakeApi({ cookie: "cookie-0", refreshDelayMs: 20 });
    const { session, client } = tab(api, { access: jwt(-1) });
    await session.load();

    const results = await Promise.all([
      client.call(endpoints.getUserInfo),
      client.call(endpoints.getUserInfo),
      client.call(endpoints.getUserInfo),
    ]);

    expect(results).toHaveLength(3);
    expect(api.refreshCalls()).toHaveLength(1);
    const access = session.get()?.access;
    expect(api.dataCalls().every((s) => s.authorization === `Bearer ${access}`)).toBe(true);
  });

  it("clears the session when the cookie is refused, without sending the request, and tells the other tabs", async () => {
    // The server revoked this cookie's session (a sign-out elsewhere, theft detection).
    const api = fakeApi({ cookie: "revoked", serverCookie: null });
    const hub = channelHub();
    const { session, client } = tab(api, { access: jwt(-60), channel: hub.channel() });
    const other = tab(api, { access: jwt(600), channel: hub.channel() });
    await Promise.all([session.load(), other.session.load()]);
    let notified = 0;
    session.subscribe(() => {
      notified += 1;
    });

    const failure = await client.call(endpoints.getUserInfo).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).code).toBe("token_not_valid");
    expect(session.get()).toBeNull();
    expect(notified).toBe(1);
    expect(api.dataCalls()).toHaveLength(0);
    expect(hub.posted).toEqual(["signed-out"]);
    expect(other.session.get()).toBeNull();
  });

  it("keeps the session when the refresh fails for the network or the server", async () => {
    const session = createSessionStore({
      restore: async () => session.set({ access: jwt(-60) }),
    });
    await session.load();
    for (const failure of [
      async () => new Response("{}", { status: 503 }),
      async (): Promise<Response> => {
        throw new TypeError("Failed to fetch");
      },
    ]) {
      const client = createApiClient({ baseUrl: BASE, session, fetch: failure, now: () => NOW });
      await expect(client.call(endpoints.getUserInfo)).rejects.toBeInstanceOf(ApiError);
      expect(session.get()).not.toBeNull();
    }
  });

  it("refreshes once and retries when the server refuses an access token that looked valid", async () => {
    const api = fakeApi({ cookie: "cookie-0" });
    api.acceptAccess("something-else");
    const { session, client } = tab(api, { access: jwt(600) });
    await session.load();

    await expect(client.call(endpoints.getUserInfo)).resolves.toEqual([user]);
    expect(api.seen.map((s) => s.path)).toEqual(["/userinfo/", "/token/refresh/", "/userinfo/"]);
  });

  it("does not store a refresh that ends after this tab signed out", async () => {
    const api = fakeApi({ cookie: "cookie-0", refreshDelayMs: 20 });
    const { session, client } = tab(api, { access: jwt(600) });
    await session.load();
    const refreshing = client.refreshSession();
    session.clear();
    await refreshing;
    expect(session.get()).toBeNull();
  });

  it("throws an ApiError carrying the status and per-field body", async () => {
    const api = fakeApi({ cookie: "cookie-0" });
    const { session, client } = tab(api, { access: jwt(600) });
    await session.load();

    const failure = await client
      .call(endpoints.register, {
        body: { email: "a@b.co", password: "long-password-1" },
        auth: false,
      })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(400);
    expect((failure as ApiError).fieldErrors).toEqual({
      email: ["This e-mail is already registered"],
    });
    expect(api.seen[0]?.authorization).toBeNull();
  });

  it("parses the answer with the endpoint's success schema", async () => {
    const { client } = await signedIn();

    // The key the contract does not know is dropped; an answer off the schema is refused.
    await expect(client.call(endpoints.getUserInfo)).resolves.toEqual([user]);
    const refused = await client.call(endpoints.getTariffInfo).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).not.toBeInstanceOf(ApiError);
  });

  it("downloads a file as a Blob, with the query; an array is sent as the key repeated", async () => {
    const { api, access, client } = await signedIn();

    const file = await client.download(endpoints.exportLeads, {
      query: { format: "csv", search: "sofa" },
    });
    expect(file.type).toBe("text/csv");
    await expect(file.text()).resolves.toBe("id,name\n");
    expect(api.seen[0]).toMatchObject({
      method: "GET",
      path: "/leads/export/",
      search: "?format=csv&search=sofa",
      authorization: `Bearer ${access}`,
    });

    await client
      .call(endpoints.getPublicSettings, { query: { keys: ["trial_days", "visitor_url"] } })
      .catch(() => undefined);
    expect(api.seen.at(-1)?.search).toBe("?keys=trial_days&keys=visitor_url");
  });

  it("two tabs with an expired token refresh one after the other; neither signs the other out", async () => {
    const api = fakeApi({ cookie: "cookie-0", refreshDelayMs: 20 });
    // Two tabs of one browser: one cookie jar, one lock manager.
    const exclusive = lockQueue();
    const tabs = [0, 1].map(() => tab(api, { access: jwt(-60), exclusive }));
    await Promise.all(tabs.map(({ session }) => session.load()));
    const answers = await Promise.all(tabs.map(({ client }) => client.call(endpoints.getUserInfo)));
    expect(answers).toHaveLength(2);
    // Each refreshed with the cookie the other left: both accepted, the cookie rotated twice.
    expect(api.refreshCalls()).toHaveLength(2);
    expect(api.cookie()).toBe("cookie-2");
    expect(tabs.every(({ session }) => session.get() !== null)).toBe(true);
    // Later refreshes of either tab go on working.
    await expect(tabs[0]?.client.refreshSession()).resolves.toBeTruthy();
    await expect(tabs[1]?.client.refreshSession()).resolves.toBeTruthy();
  });

  it("signs out every tab: logout/ revokes the cookie, the others hear it", async () => {
    const api = fakeApi({ cookie: "cookie-0" });
    const hub = channelHub();
    const exclusive = lockQueue();
    const first = tab(api, { channel: hub.channel(), exclusive });
    const second = tab(api, { channel: hub.channel(), exclusive });
    await first.session.load();
    await second.session.load();
    expect([first.session.get(), second.session.get()].every(Boolean)).toBe(true);

    await first.client.endSession();

    expect(api.seen.at(-1)).toMatchObject({ path: "/logout/", appHeader: "leadquiz" });
    expect(first.session.get()).toBeNull();
    expect(second.session.get()).toBeNull();
    expect(hub.posted).toEqual(["signed-out"]);
  });

  it("a sign-in in one tab signs the other tabs in through the cookie", async () => {
    const api = fakeApi({ cookie: null });
    const hub = channelHub();
    const first = tab(api, { channel: hub.channel() });
    const second = tab(api, { channel: hub.channel() });
    await Promise.all([first.session.load(), second.session.load()]);
    expect([first.session.get(), second.session.get()]).toEqual([null, null]);

    // The login answer sets the cookie (as the server does) and gives the first tab its token.
    first.session.signIn({ access: api.signIn() });
    await expect.poll(() => second.session.get()).not.toBeNull();
    expect(hub.posted).toEqual(["signed-in"]);
    expect(api.refreshCalls()).toHaveLength(3);
    expect(api.refreshCalls().every((call) => call.body === undefined)).toBe(true);
  });
});
