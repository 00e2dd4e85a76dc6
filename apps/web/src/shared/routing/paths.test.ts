import { describe, expect, it } from "vitest";
import { afterLoginTarget, loginRedirect, paths, safeRedirect } from "./paths";

describe("paths", () => {
  it("sends an anonymous visitor to login with the query string and the current path", () => {
    expect(loginRedirect("/leads", "?lang=ru&a=1")).toBe("/login?lang=ru&a=1&redirectUrl=%2Fleads");
  });

  it("uses / as the redirect target when the visitor was on /logout", () => {
    expect(loginRedirect("/logout", "")).toBe("/login?redirectUrl=%2F");
  });

  it("sends a signed-in user back to redirectUrl with the carried query string", () => {
    expect(afterLoginTarget("?tab=current&redirectUrl=%2Fbalance%2Fmy-rate")).toBe(
      "/balance/my-rate?tab=current",
    );
    expect(afterLoginTarget("?redirectUrl=%2Fleads")).toBe("/leads");
    expect(afterLoginTarget("")).toBe("/");
    expect(afterLoginTarget("?redirectUrl=https%3A%2F%2Fevil.example")).toBe("/");
  });

  it("accepts only in-app redirect targets", () => {
    expect(safeRedirect("/quiz/3/questions?x=1")).toBe("/quiz/3/questions?x=1");
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect("//evil.example")).toBe("/");
    expect(safeRedirect(null)).toBe("/");
  });

  it("builds concrete addresses", () => {
    expect(paths.quizSection(7, "design-settings")).toBe("/quiz/7/design-settings");
    expect(paths.configAction(7, "popup")).toBe("/quiz/7/config-action?section=popup");
    expect(paths.resetPassword("a/b")).toBe("/reset-password/a%2Fb");
  });
});
