import { describe, expect, it } from "vitest";
import { createOAuthBrowserCookie } from "./oauth-browser-cookie";

const KEY = "k".repeat(44);
const TTL = 10 * 60 * 1000;

/** The Cookie header a browser sends back for a Set-Cookie line. */
const sentBack = (setCookie: string) => setCookie.split(";")[0] ?? "";

describe("the OAuth browser cookie", () => {
  it("is Secure on https, and only the cookie of that state matches", () => {
    const https = createOAuthBrowserCookie(KEY, "https://app.example.com", TTL);
    const line = https.serialize("12.abc");
    expect(line).toContain("; Max-Age=600; Path=/api/v1/oauth/; HttpOnly; SameSite=Lax; Secure");
    expect(https.matches(sentBack(line), "12.abc")).toBe(true);
    expect(https.matches(`other=1; ${sentBack(line)}`, "12.abc")).toBe(true);
    expect(https.matches(sentBack(line), "12.abd")).toBe(false);
    expect(https.matches(undefined, "12.abc")).toBe(false);
    expect(https.clear("12.abc")).toMatch(/^lq_oauth_[\w-]{16}=; Max-Age=0; /);
  });

  it("cannot be made without the server's key", () => {
    const ours = createOAuthBrowserCookie(KEY, "https://app.example.com", TTL);
    const theirs = createOAuthBrowserCookie("x".repeat(44), "https://app.example.com", TTL);
    expect(ours.matches(sentBack(theirs.serialize("12.abc")), "12.abc")).toBe(false);
  });
});
