import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userIdentities, users } from "../../db/schema";
import { type RunningOidcProvider, startOidcProvider } from "../../test-support/oidc-provider";
import { completeRegistration, registrationToken, userIdOf } from "../../test-support/registration";
import {
  createTestApp,
  createTestAppWithDatabase,
  type TestApp,
  type TestAppWithDatabase,
} from "../../test-support/test-app";
import { safeRedirectUrl } from "./social-auth.service";

const PUBLIC_URL = "http://localhost:3000";
const CALLBACK = `${PUBLIC_URL}/api/v1/auth/oidc/callback/`;

/** A browser's cookies for the provider (names only: one host, paths ignored). */
class CookieJar {
  private cookies = new Map<string, string>();
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    }
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) {
        this.cookies.delete(name);
      } else {
        this.cookies.set(name, value);
      }
    }
    return response;
  }
}

/** Follows the provider's redirects until one leaves the provider; answers where it points. */
async function followProvider(jar: CookieJar, start: string, issuer: string) {
  let url = start;
  for (let hops = 0; hops < 10; hops++) {
    if (!url.startsWith(issuer)) return url;
    const response = await jar.fetch(url);
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get("location") ?? "", url).href;
      continue;
    }
    const html = await response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action) throw new Error(`unexpected page at ${url}: ${html}`);
    return new URL(action, url).href;
  }
  throw new Error("too many redirects");
}

interface SignInResult {
  location: string;
  fragment: URLSearchParams;
  /** The browser's cookie binding the one-time code (`lq_oidc_browser=…`). */
  browserCookie: string;
}

/** POST auth/exchange/ as the web app does, with the browser's cookie. */
async function exchange(t: TestApp, code: string | null, cookie: string, password?: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/v1/auth/exchange/",
    headers: { cookie },
    payload: { code: code ?? "", ...(password === undefined ? {} : { password }) },
  });
}

/**
 * Registers an account with a password ("first-secret-1") through the mailed link: its id.
 * With `unproven`, its address is then marked never proven: an account made before
 * registration went through a mailed link (docs/security.md "Registration").
 */
async function registerAccount(
  t: TestAppWithDatabase,
  email: string,
  language = "en",
  options: { unproven?: boolean } = {},
): Promise<number> {
  const registered = await t.app.inject({
    method: "POST",
    url: "/api/v1/register/",
    payload: { email, password: "first-secret-1", language },
  });
  expect(registered.statusCode, registered.body).toBe(202);
  const completed = await completeRegistration(t, await registrationToken(t, email), "10.9.9.9");
  expect(completed.statusCode).toBe(200);
  const id = userIdOf(completed.json().access);
  if (options.unproven) {
    await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, id));
  }
  return id;
}

/** GET userinfo/ with an access token: the signed-in user. */
async function userOf(t: TestApp, access: string) {
  const userinfo = await t.app.inject({
    method: "GET",
    url: "/api/v1/userinfo/",
    headers: { authorization: `Bearer ${access}` },
  });
  expect(userinfo.statusCode, userinfo.body).toBe(200);
  return userinfo.json<Record<string, unknown>[]>()[0];
}

/**
 * Signs in and exchanges the code: the access token, the session cookie (`lq_refresh=…`, the
 * refresh token is never in the body) and where to land (fails the test otherwise).
 */
async function signInForTokens(
  t: TestApp,
  oidc: RunningOidcProvider,
  options: Parameters<typeof signIn>[2],
) {
  const result = await signIn(t, oidc, options);
  const answer = await exchange(t, result.fragment.get("code"), result.browserCookie);
  expect(answer.statusCode, answer.body).toBe(200);
  const body = answer.json<{ status: string; access: string; redirect_url: string }>();
  expect(Object.keys(body).sort()).toEqual(["access", "redirect_url", "status"]);
  expect(body.status).toBe("signed_in");
  const session = answer.cookies.find((cookie) => cookie.name === "lq_refresh");
  expect(session?.httpOnly).toBe(true);
  return { ...body, refresh: `lq_refresh=${session?.value}` };
}

/** Signs in like a browser: start (app) → provider login form → callback (app). */
async function signIn(
  t: TestApp,
  oidc: RunningOidcProvider,
  options: {
    email: string;
    password?: string;
    redirectUrl?: string;
    language?: string;
    tamper?: (callbackUrl: URL) => void;
  },
): Promise<SignInResult> {
  const query = new URLSearchParams({ redirectUrl: options.redirectUrl ?? "/" });
  if (options.language) query.set("language", options.language);
  const start = await t.app.inject({ method: "GET", url: `/api/v1/auth/oidc/start/?${query}` });
  expect(start.statusCode).toBe(302);
  const appCookie = String(start.headers["set-cookie"]).split(";")[0] ?? "";
  const jar = new CookieJar();
  const formUrl = await followProvider(jar, String(start.headers.location), oidc.issuer);
  const submitted = await jar.fetch(formUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: options.email, password: options.password ?? "any" }),
  });
  expect(submitted.status).toBe(303);
  const back = await followProvider(
    jar,
    new URL(submitted.headers.get("location") ?? "", formUrl).href,
    oidc.issuer,
  );
  expect(back.startsWith(CALLBACK)).toBe(true);
  const callbackUrl = new URL(back);
  options.tamper?.(callbackUrl);
  const callback = await t.app.inject({
    method: "GET",
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    headers: { cookie: appCookie },
  });
  expect(callback.statusCode).toBe(302);
  expect(String(callback.headers["set-cookie"])).toMatch(/^lq_oidc_flow=; Max-Age=0/);
  const location = String(callback.headers.location);
  expect(location.startsWith(`${PUBLIC_URL}/auth/callback#`)).toBe(true);
  const setCookies = [callback.headers["set-cookie"] ?? []].flat();
  const browserCookie =
    setCookies.find((line) => line.startsWith("lq_oidc_browser="))?.split(";")[0] ?? "";
  return { location, fragment: new URLSearchParams(location.split("#")[1]), browserCookie };
}

describe("social sign-in against a real OpenID provider", () => {
  let oidc: RunningOidcProvider;
  let t: TestAppWithDatabase;
  beforeAll(async () => {
    oidc = await startOidcProvider({
      redirectUris: [CALLBACK],
      accounts: [
        {
          sub: "sub-jane",
          email: "Jane.Doe@Example.com",
          given_name: "Jane",
          family_name: "Doe",
          password: "provider-pass",
        },
        { sub: "sub-unverified", email: "unverified@example.com", email_verified: false },
        // The provider's word on the address in every shape but the boolean true.
        { sub: "sub-claim-false", email: "claim-false@example.com", email_verified: false },
        { sub: "sub-claim-string", email: "claim-string@example.com", email_verified: "true" },
        { sub: "sub-claim-missing", email: "claim-missing@example.com", email_verified: null },
        { sub: "sub-existing", email: "existing@example.com", name: "Ex Isting Person" },
        { sub: "sub-verified", email: "verified@example.com" },
        { sub: "sub-pending", email: "pending@example.com" },
      ],
    });
    t = await createTestAppWithDatabase({
      PUBLIC_URL,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      OIDC_NAME: "Test provider",
      RATE_LIMIT_ENABLED: "false",
    });
  });
  afterAll(async () => {
    await t.close();
    await oidc.close();
  });

  it("lists the configured provider", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/auth/providers/" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ id: "oidc", name: "Test provider" }]);
  });

  it("sends the browser to the provider with PKCE, state and nonce in a short-lived cookie", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/v1/auth/oidc/start",
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.origin).toBe(oidc.issuer);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: oidc.clientId,
      redirect_uri: CALLBACK,
      response_type: "code",
      code_challenge_method: "S256",
      scope: "openid email profile",
    });
    expect(location.searchParams.get("state")).toBeTruthy();
    expect(location.searchParams.get("nonce")).toBeTruthy();
    expect(location.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    const cookie = String(response.headers["set-cookie"]);
    expect(cookie).toMatch(/^lq_oidc_flow=[\w-]+\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(cookie).toContain("Max-Age=600");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/api/v1/auth/");
    // The verifier is encrypted, not only signed.
    expect(cookie).not.toContain(location.searchParams.get("state") ?? "-");
  });

  it("creates the account on first sign-in and reuses it on the next", async () => {
    const first = await signInForTokens(t, oidc, {
      email: "jane.doe@example.com",
      password: "provider-pass",
      redirectUrl: "/quiz/5/questions?x=1",
      language: "ru",
    });
    expect(first.redirect_url).toBe("/quiz/5/questions?x=1");
    const access = first.access;
    const userinfo = await t.app.inject({
      method: "GET",
      url: "/api/v1/userinfo/",
      headers: { authorization: `Bearer ${access}` },
    });
    expect(userinfo.statusCode).toBe(200);
    expect(userinfo.json()).toEqual([
      expect.objectContaining({
        email: "jane.doe@example.com",
        first_name: "Jane",
        last_name: "Doe",
        language_code: "ru",
        email_verified: true,
      }),
    ]);
    const refreshed = await t.app.inject({
      method: "POST",
      url: "/api/v1/token/refresh/",
      headers: { cookie: first.refresh, "x-requested-with": "leadquiz" },
    });
    expect(refreshed.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, "jane.doe@example.com"));
    expect(row?.passwordHash).toBeNull();

    const second = await signInForTokens(t, oidc, {
      email: "jane.doe@example.com",
      password: "provider-pass",
    });
    expect(second.redirect_url).toBe("/");
    const again = await t.app.inject({
      method: "GET",
      url: "/api/v1/userinfo/",
      headers: { authorization: `Bearer ${second.access}` },
    });
    expect(again.json()[0].id).toBe(userinfo.json()[0].id);
    const identities = await t.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, row?.id ?? 0));
    expect(identities.map((i) => [i.provider, i.subject])).toEqual([["oidc", "sub-jane"]]);
  });

  it("a registration never followed leaves the provider's user a fresh account of their own", async () => {
    // The attacker registers the victim's address with a password; the link goes to the victim.
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/v1/register/",
      payload: { email: "pending@example.com", password: "first-secret-1", language: "uk" },
    });
    expect(registered.statusCode).toBe(202);
    const link = await registrationToken(t, "pending@example.com");
    const victim = await signInForTokens(t, oidc, { email: "pending@example.com" });
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, "pending@example.com"));
    expect(row?.passwordHash).toBeNull();
    expect(row?.id).toBe(userIdOf(victim.access));
    // The registration is dead: its link and its password open nothing.
    expect((await completeRegistration(t, link, "10.9.9.8")).statusCode).toBe(404);
    const withPassword = await t.app.inject({
      method: "POST",
      url: "/api/v1/token/",
      payload: { email: "pending@example.com", password: "first-secret-1" },
    });
    expect(withPassword.statusCode).toBe(401);
  });

  it("does not hand an older unverified account to the provider's user (asks its password)", async () => {
    // An account from before registration proved the address, never proven since.
    const registeredId = await registerAccount(t, "existing@example.com", "uk", {
      unproven: true,
    });
    // The victim signs in with the provider (verified address): no session without the password.
    const { fragment, browserCookie } = await signIn(t, oidc, { email: "existing@example.com" });
    const asked = await exchange(t, fragment.get("code"), browserCookie);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ status: "password_required", email: "existing@example.com" });
    const wrong = await exchange(t, fragment.get("code"), browserCookie, "guessed-1");
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json())).toEqual(["password"]);
    const identities = await t.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, "sub-existing"));
    expect(identities).toHaveLength(0);

    // Whoever knows that account's password may link it; the address is then proven.
    const linked = await exchange(t, fragment.get("code"), browserCookie, "first-secret-1");
    expect(linked.statusCode, linked.body).toBe(200);
    expect(await userOf(t, linked.json().access)).toMatchObject({
      id: registeredId,
      language_code: "uk",
      email_verified: true,
    });
    // The code worked once.
    const replay = await exchange(t, fragment.get("code"), browserCookie, "first-secret-1");
    expect(replay.statusCode).toBe(401);
    // Next time the identity is linked: straight in.
    await signInForTokens(t, oidc, { email: "existing@example.com" });
  });

  it("links the identity at once to an existing account whose address was verified", async () => {
    // Registration through the mailed link proves the address.
    const registeredId = await registerAccount(t, "verified@example.com", "en");
    const pair = await signInForTokens(t, oidc, { email: "verified@example.com" });
    expect((await userOf(t, pair.access))?.id).toBe(registeredId);
  });

  it("never puts tokens in the URL; the code works only in the browser that signed in (login CSRF)", async () => {
    const { location, fragment, browserCookie } = await signIn(t, oidc, {
      email: "jane.doe@example.com",
      password: "provider-pass",
    });
    expect([...fragment.keys()]).toEqual(["code"]);
    expect(location).not.toMatch(/access|refresh|eyJ/);
    // The attacker's code in the victim's browser (no cookie, or the victim's own cookie).
    expect((await exchange(t, fragment.get("code"), "")).statusCode).toBe(401);
    expect((await exchange(t, fragment.get("code"), "lq_oidc_browser=other")).statusCode).toBe(401);
    // The right browser still can, once.
    expect((await exchange(t, fragment.get("code"), browserCookie)).statusCode).toBe(200);
    expect((await exchange(t, fragment.get("code"), browserCookie)).statusCode).toBe(401);
  });

  it("refuses a tampered state", async () => {
    const { location, fragment } = await signIn(t, oidc, {
      email: "jane.doe@example.com",
      password: "provider-pass",
      tamper: (url) => url.searchParams.set("state", "forged"),
    });
    expect(location).toBe(`${PUBLIC_URL}/auth/callback#error=social_signin_failed`);
    expect(fragment.get("code")).toBeNull();
  });

  it("refuses a callback without the flow cookie", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/v1/auth/oidc/callback/?code=abc&state=def",
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      `${PUBLIC_URL}/auth/callback#error=social_signin_failed`,
    );
  });

  it("makes no account for an address the provider has not verified, and says why", async () => {
    const { fragment } = await signIn(t, oidc, { email: "unverified@example.com" });
    expect(fragment.get("error")).toBe("provider_email_unverified");
    const rows = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, "unverified@example.com"));
    expect(rows).toHaveLength(0);
  });

  for (const [claim, email] of [
    ["false", "claim-false@example.com"],
    ['the string "true"', "claim-string@example.com"],
    ["missing", "claim-missing@example.com"],
  ] as const) {
    it(`asks the password before linking a proven account when email_verified is ${claim}`, async () => {
      // No account has the address yet: none is made from the provider's unproven word.
      const first = await signIn(t, oidc, { email });
      expect(first.fragment.get("error")).toBe("provider_email_unverified");
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);

      // The owner's own account, its address proven (by its registration link).
      const userId = await registerAccount(t, email, "en");
      const provenAt = new Date("2026-01-02T03:04:05Z");
      await t.database.db
        .update(users)
        .set({ emailVerifiedAt: provenAt })
        .where(eq(users.id, userId));

      // Whoever holds a provider account with that address unverified gets no session.
      const { fragment, browserCookie } = await signIn(t, oidc, { email });
      const asked = await exchange(t, fragment.get("code"), browserCookie);
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toEqual({ status: "password_required", email });
      const identitiesOf = () =>
        t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, userId));
      expect(await identitiesOf()).toEqual([]);

      // The owner links it once with the account's password; then the provider is enough.
      const linked = await exchange(t, fragment.get("code"), browserCookie, "first-secret-1");
      expect(linked.statusCode, linked.body).toBe(200);
      expect(linked.json().status).toBe("signed_in");
      expect((await identitiesOf()).map((i) => i.provider)).toEqual(["oidc"]);
      const again = await signInForTokens(t, oidc, { email });
      expect((await userOf(t, again.access))?.id).toBe(userId);
      // The provider vouched for nothing: the address keeps the proof it had.
      const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
      expect(row?.emailVerifiedAt?.toISOString()).toBe(provenAt.toISOString());
    });
  }

  it("links a never-proven account with its password without calling the address proven when the provider did not verify it", async () => {
    oidc.addAccount({ sub: "sub-late", email: "late@example.com", email_verified: null });
    const registeredId = await registerAccount(t, "late@example.com", "en", { unproven: true });
    const { fragment, browserCookie } = await signIn(t, oidc, { email: "late@example.com" });
    expect((await exchange(t, fragment.get("code"), browserCookie)).json().status).toBe(
      "password_required",
    );
    const linked = await exchange(t, fragment.get("code"), browserCookie, "first-secret-1");
    expect(linked.statusCode, linked.body).toBe(200);
    expect(await userOf(t, linked.json().access)).toMatchObject({
      id: registeredId,
      email_verified: false,
    });
  });

  it("answers an unknown provider with 404", async () => {
    for (const url of ["/api/v1/auth/google/start/", "/api/v1/auth/nope/callback/?code=x"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("not_found");
    }
  });
});

describe("social sign-in configuration", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" });
  });
  afterAll(async () => t.close());

  it("lists no providers when none is configured", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/auth/providers" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("lands on the web app with an error when the provider cannot be reached", async () => {
    const unreachable = await createTestApp({
      RATE_LIMIT_ENABLED: "false",
      OIDC_ISSUER: "http://127.0.0.1:9/",
      OIDC_CLIENT_ID: "x",
      OIDC_CLIENT_SECRET: "y",
    });
    try {
      const response = await unreachable.app.inject({
        method: "GET",
        url: "/api/v1/auth/oidc/start/",
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(
        "http://localhost:3000/auth/callback#error=social_signin_failed",
      );
    } finally {
      await unreachable.close();
    }
  });
});

describe("safeRedirectUrl", () => {
  it("keeps local paths and turns everything else into /", () => {
    expect(safeRedirectUrl("/quiz/1?tab=2#x")).toBe("/quiz/1?tab=2#x");
    for (const bad of [
      undefined,
      "",
      "quiz",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "/a\nb",
      "/a\\b",
      "javascript:alert(1)",
    ]) {
      expect(safeRedirectUrl(bad)).toBe("/");
    }
  });
});
