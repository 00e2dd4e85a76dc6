import { describe, expect, it } from "vitest";
import {
  createMemoryStorage,
  createSessionStore,
  SESSION_STORAGE_KEY,
  type SessionStore,
} from "../session/session-store";
import { createApiClient } from "./api-client";
import { ApiError } from "./api-error";

const BASE = "http://api.test/api/v1";
const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);

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
  authorization: string | null;
  language: string | null;
  body: unknown;
}

/**
 * A tiny in-memory API: token/refresh/ rotates a pair when it knows the refresh token,
 * userinfo/ answers only to the current access token. Every request is recorded.
 */
function fakeApi(options: { validRefresh: string; refreshDelayMs?: number }) {
  const seen: Seen[] = [];
  let validRefresh: string | null = options.validRefresh;
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
      authorization: request.headers.get("Authorization"),
      language: request.headers.get("Accept-Language"),
      body,
    });
    const json = (status: number, data: unknown) =>
      new Response(JSON.stringify(data), {
        status,
        headers: { "Content-Type": "application/json" },
      });

    if (path === "/token/refresh/") {
      if (options.refreshDelayMs) await new Promise((r) => setTimeout(r, options.refreshDelayMs));
      const refresh = (body as { refresh?: string }).refresh;
      if (!refresh || refresh !== validRefresh) {
        return json(401, { detail: "Refresh token is not valid", code: "token_not_valid" });
      }
      counter += 1;
      validAccess = jwt(900, `fresh-${counter}`);
      validRefresh = `refresh-${counter}`;
      return json(200, { access: validAccess, refresh: validRefresh });
    }
    if (path === "/userinfo/") {
      const token = request.headers.get("Authorization")?.replace("Bearer ", "");
      if (!token || (validAccess !== null && token !== validAccess)) {
        return json(401, { detail: "Token is not valid", code: "token_not_valid" });
      }
      return json(200, [{ id: 1 }]);
    }
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
    refreshCalls: () => seen.filter((s) => s.path === "/token/refresh/"),
    dataCalls: () => seen.filter((s) => s.path !== "/token/refresh/"),
  };
}

function setup(access: string, refresh: string, api: ReturnType<typeof fakeApi>) {
  const storage = createMemoryStorage({
    [SESSION_STORAGE_KEY]: JSON.stringify({ access, refresh }),
  });
  const session: SessionStore = createSessionStore(storage);
  const client = createApiClient({
    baseUrl: BASE,
    session,
    fetch: api.fetch,
    getLanguage: () => "uk",
    now: () => NOW,
  });
  return { storage, session, client };
}

describe("api client", () => {
  it("sends a valid access token as it is, with the interface language", async () => {
    const access = jwt(600);
    const api = fakeApi({ validRefresh: "refresh-0" });
    api.acceptAccess(access);
    const { session, client } = setup(access, "refresh-0", api);
    await session.load();

    await expect(client.request("/userinfo/")).resolves.toEqual([{ id: 1 }]);
    expect(api.refreshCalls()).toHaveLength(0);
    expect(api.seen[0]).toMatchObject({
      path: "/userinfo/",
      authorization: `Bearer ${access}`,
      language: "uk",
    });
  });

  it("refreshes an expired access token before the request and persists the new pair", async () => {
    const api = fakeApi({ validRefresh: "refresh-0" });
    const { storage, session, client } = setup(jwt(-60), "refresh-0", api);
    await session.load();

    await client.request("/userinfo/");

    expect(api.seen.map((s) => s.path)).toEqual(["/token/refresh/", "/userinfo/"]);
    expect(api.seen[0]?.body).toEqual({ refresh: "refresh-0" });
    const stored = session.get();
    expect(stored?.refresh).toBe("refresh-1");
    expect(api.seen[1]?.authorization).toBe(`Bearer ${stored?.access}`);
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? "null")).toEqual(stored);
  });

  it("refreshes a token that expires within the next 10 seconds", async () => {
    const api = fakeApi({ validRefresh: "refresh-0" });
    const { session, client } = setup(jwt(5), "refresh-0", api);
    await session.load();

    await client.request("/userinfo/");
    expect(api.refreshCalls()).toHaveLength(1);
  });

  it("shares one refresh between concurrent requests", async () => {
    const api = fakeApi({ validRefresh: "refresh-0", refreshDelayMs: 20 });
    const { session, client } = setup(jwt(-1), "refresh-0", api);
    await session.load();

    const results = await Promise.all([
      client.request("/userinfo/"),
      client.request("/userinfo/"),
      client.request("/userinfo/"),
    ]);

    expect(results).toHaveLength(3);
    expect(api.refreshCalls()).toHaveLength(1);
    const access = session.get()?.access;
    expect(api.dataCalls().every((s) => s.authorization === `Bearer ${access}`)).toBe(true);
  });

  it("clears the session when the refresh token is refused, without sending the request", async () => {
    const api = fakeApi({ validRefresh: "another-token" });
    const { storage, session, client } = setup(jwt(-60), "refresh-0", api);
    await session.load();
    let notified = 0;
    session.subscribe(() => {
      notified += 1;
    });

    const failure = await client.request("/userinfo/").catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).code).toBe("token_not_valid");
    expect(session.get()).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(notified).toBe(1);
    expect(api.dataCalls()).toHaveLength(0);
  });

  it("refreshes once and retries when the server refuses an access token that looked valid", async () => {
    const api = fakeApi({ validRefresh: "refresh-0" });
    api.acceptAccess("something-else");
    const { session, client } = setup(jwt(600), "refresh-0", api);
    await session.load();

    await expect(client.request("/userinfo/")).resolves.toEqual([{ id: 1 }]);
    expect(api.seen.map((s) => s.path)).toEqual(["/userinfo/", "/token/refresh/", "/userinfo/"]);
  });

  it("throws an ApiError carrying the status and per-field body", async () => {
    const api = fakeApi({ validRefresh: "refresh-0" });
    const { session, client } = setup(jwt(600), "refresh-0", api);
    await session.load();

    const failure = await client
      .post("/register/", { email: "a@b.co" }, { auth: false })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(400);
    expect((failure as ApiError).fieldErrors).toEqual({
      email: ["This e-mail is already registered"],
    });
    expect(api.seen[0]?.authorization).toBeNull();
  });

  it("parses the answer with the given schema", async () => {
    const access = jwt(600);
    const api = fakeApi({ validRefresh: "refresh-0" });
    api.acceptAccess(access);
    const { session, client } = setup(access, "refresh-0", api);
    await session.load();

    const schema = {
      parse(data: unknown): number {
        if (!Array.isArray(data)) throw new Error("not a list");
        return data.length;
      },
    };
    await expect(client.get("/userinfo/", schema)).resolves.toBe(1);
  });

  it("two tabs with an expired token refresh once: the second waits and adopts the new pair", async () => {
    const api = fakeApi({ validRefresh: "refresh-0", refreshDelayMs: 20 });
    // Two tabs: one localStorage, one lock manager (a queue, as Web Locks grant in order).
    const storage = createMemoryStorage({
      [SESSION_STORAGE_KEY]: JSON.stringify({ access: jwt(-60), refresh: "refresh-0" }),
    });
    let queue: Promise<unknown> = Promise.resolve();
    const exclusive = <T>(_name: string, task: () => Promise<T>): Promise<T> => {
      const run = queue.then(task, task);
      queue = run.catch(() => undefined);
      return run;
    };
    const tabs = [0, 1].map(() => {
      const session = createSessionStore(storage);
      const client = createApiClient({
        baseUrl: BASE,
        session,
        fetch: api.fetch,
        now: () => NOW,
        exclusive,
      });
      return { session, client };
    });
    await Promise.all(tabs.map((tab) => tab.session.load()));
    await Promise.all(tabs.map((tab) => tab.client.get("/userinfo/", { parse: (d) => d })));
    expect(api.refreshCalls()).toHaveLength(1);
    expect(tabs[0]?.session.get()).toEqual(tabs[1]?.session.get());
    expect(tabs[1]?.session.get()?.refresh).toBe("refresh-1");
  });
});
