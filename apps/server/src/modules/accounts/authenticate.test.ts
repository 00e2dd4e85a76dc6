import { randomBytes } from "node:crypto";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiCall, registerUser, TEST_PASSWORD } from "../../test-support/api-client";
import { cookieHeaderOf } from "../../test-support/registration";
import { createTestApp, type TestApp } from "../../test-support/test-app";

/** plugins/authenticate.ts, through GET userinfo/ (an authenticated route). */
describe("authenticated routes", () => {
  let t: TestApp;
  let userId: number;
  let access: string;
  let refresh: string;
  let secret: Uint8Array;

  beforeAll(async () => {
    t = await createTestApp();
    secret = new TextEncoder().encode(t.config.jwtSecret);
    const user = await registerUser(t);
    userId = user.id;
    const signedIn = await apiCall(t, "POST", "/token/", {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    access = signedIn.json().access;
    // The refresh token, as the session cookie carries it.
    refresh = cookieHeaderOf(signedIn).split("=")[1] ?? "";
  });
  afterAll(async () => t.close());

  function userinfo(authorization?: string) {
    return t.app.inject({
      method: "GET",
      url: "/api/v1/userinfo/",
      headers: authorization === undefined ? {} : { authorization },
    });
  }

  /** A token exactly like ours, but with the header, key or claims a test chooses. */
  function forge(options: {
    alg?: string;
    key?: Uint8Array;
    claims?: Record<string, unknown>;
    expiresIn?: string | number;
  }) {
    return new SignJWT({ token_type: "access", ...options.claims })
      .setProtectedHeader({ alg: options.alg ?? "HS256", typ: "JWT" })
      .setSubject(String(userId))
      .setIssuer("leadquiz")
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? "15m")
      .sign(options.key ?? secret);
  }

  function unsigned(header: Record<string, unknown>): string {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      token_type: "access",
      sub: String(userId),
      iss: "leadquiz",
      iat: now,
      exp: now + 600,
    };
    return `${part(header)}.${part(payload)}.`;
  }

  it("accepts our own access token, with any case of the scheme", async () => {
    expect((await userinfo(`Bearer ${access}`)).statusCode).toBe(200);
    expect((await userinfo(`bearer ${access}`)).statusCode).toBe(200);
    expect((await userinfo(`Bearer ${await forge({})}`)).statusCode).toBe(200);
  });

  it("answers 401 not_authenticated without credentials", async () => {
    for (const header of [undefined, "", "Bearer", "Bearer ", `Basic ${access}`, access]) {
      const response = await userinfo(header);
      expect(response.statusCode, String(header)).toBe(401);
      expect(response.json().code).toBe("not_authenticated");
      expect(response.headers["www-authenticate"]).toBe("Bearer");
    }
  });

  it("refuses alg none, with or without a signature", async () => {
    for (const token of [
      unsigned({ alg: "none", typ: "JWT" }),
      unsigned({ alg: "none" }) + Buffer.from("sig").toString("base64url"),
      unsigned({ alg: "None", typ: "JWT" }),
    ]) {
      const response = await userinfo(`Bearer ${token}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: "Token is not valid", code: "token_not_valid" });
    }
  });

  it("refuses HS512 and HS384 with our own secret (the algorithm is pinned)", async () => {
    for (const alg of ["HS512", "HS384"]) {
      const response = await userinfo(`Bearer ${await forge({ alg })}`);
      expect(response.statusCode, alg).toBe(401);
      expect(response.json().code).toBe("token_not_valid");
    }
  });

  it("refuses a token signed with another key", async () => {
    const response = await userinfo(`Bearer ${await forge({ key: randomBytes(32) })}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("token_not_valid");
    expect(response.headers["www-authenticate"]).toContain("invalid_token");
  });

  it("refuses an expired token, a refresh token, a tampered one and junk", async () => {
    const expired = await forge({ expiresIn: Math.floor(Date.now() / 1000) - 10 });
    const [head, , signature] = access.split(".");
    const tampered = `${head}.${Buffer.from(
      JSON.stringify({ token_type: "access", sub: "1", iss: "leadquiz", exp: 9_999_999_999 }),
    ).toString("base64url")}.${signature}`;
    const otherIssuer = await new SignJWT({ token_type: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(userId))
      .setIssuer("someone-else")
      .setExpirationTime("15m")
      .sign(secret);
    for (const token of [expired, refresh, tampered, otherIssuer, "a.b.c", "x".repeat(5000)]) {
      const response = await userinfo(`Bearer ${token}`);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("token_not_valid");
    }
  });

  it("refuses a token it accepted before once that token has expired", async () => {
    const token = await forge({ expiresIn: "1m" });
    expect((await userinfo(`Bearer ${token}`)).statusCode).toBe(200);
    // Accepted again (the second time from the verified tokens), then refused an hour later.
    expect((await userinfo(`Bearer ${token}`)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 60 * 60 * 1000);
      const response = await userinfo(`Bearer ${token}`);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("token_not_valid");
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers a valid token of a deleted account with 401 token_not_valid", async () => {
    const ghost = await forge({});
    const ghostToken = await new SignJWT({ token_type: "access" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject("987654")
      .setIssuer("leadquiz")
      .setExpirationTime("15m")
      .sign(secret);
    expect((await userinfo(`Bearer ${ghost}`)).statusCode).toBe(200);
    const response = await userinfo(`Bearer ${ghostToken}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("token_not_valid");
  });

  it("translates the 401 (ru)", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/v1/userinfo/",
      headers: { "accept-language": "ru" },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toMatch(/[а-яё]/i);
  });

  it("leaves public routes public", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/health/" });
    expect(response.statusCode).toBe(200);
  });
});
