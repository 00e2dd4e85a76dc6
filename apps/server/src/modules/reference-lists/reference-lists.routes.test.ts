import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { onlyOwnFiles } from "./fonts.plugin";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("reference lists", () => {
  it("lists the quiz languages with their fixed ids, without signing in", async () => {
    const response = await get("/api/v1/languagelist/");
    expect(response.statusCode).toBe(200);
    expect(response.json().map((l: { id: number; code: string }) => [l.id, l.code])).toEqual([
      [1, "uk"],
      [2, "en"],
      [3, "ru"],
      [4, "pt"],
      [5, "it"],
      [6, "fr"],
      [7, "pl"],
      [8, "de"],
    ]);
    expect(response.json()[0].name).toBe("Українська");
  });

  it("lists the currencies", async () => {
    const response = await get("/api/v1/currencylist");
    expect(response.statusCode).toBe(200);
    expect(response.json()[0]).toEqual({ id: 1, code: "USD", symbol: "$", name: "US dollar" });
  });

  it("lists fonts served by the product itself", async () => {
    const response = await get("/api/v1/fontlist/");
    expect(response.statusCode).toBe(200);
    const fonts = response.json() as { id: number; name: string; family: string; url: string }[];
    expect(fonts.length).toBeGreaterThanOrEqual(8);
    expect(fonts[0]).toMatchObject({ id: 1, name: "Inter", family: "'Inter', sans-serif" });
    for (const font of fonts) {
      // Same origin: a path on this server, never a third-party host.
      expect(font.url).toMatch(/^\/fonts\/[a-z0-9-]+\/[0-9.]+\/font\.css$/);
      const css = await get(font.url);
      expect(css.statusCode, font.url).toBe(200);
      expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
      expect(css.body).toContain("@font-face");
      expect(css.body).toContain("cyrillic");
      const urls = [...css.body.matchAll(/url\(([^)]*)\)/g)].map((match) => match[1] ?? "");
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(url).toMatch(/^\.\/files\/[a-z0-9-]+\.woff2?$/);
      expect(css.body).not.toMatch(/https?:|\/\//);
    }
  });

  it("serves a font's stylesheet and its woff2 files with long cache headers", async () => {
    const [inter] = (await get("/api/v1/fontlist/")).json() as { url: string }[];
    if (!inter) throw new Error("no fonts");
    const css = await get(inter.url);
    expect(css.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const first = /url\((\.\/files\/[a-z0-9-]+\.woff2)\)/.exec(css.body)?.[1];
    if (!first) throw new Error("no woff2 in the stylesheet");
    const fileUrl = new URL(first, `http://localhost${inter.url}`).pathname;
    const file = await get(fileUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("font/woff2");
    expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.rawPayload.subarray(0, 4).toString("latin1")).toBe("wOF2");
    // Another stylesheet of the package is served too.
    expect((await get(inter.url.replace("font.css", "300-italic.css"))).statusCode).toBe(200);
  });

  it("serves nothing outside the whitelisted packages and their files", async () => {
    const [inter] = (await get("/api/v1/fontlist/")).json() as { url: string }[];
    if (!inter) throw new Error("no fonts");
    const base = inter.url.replace("/font.css", "");
    const version = base.split("/").at(-1);
    for (const url of [
      `${base}/package.json`,
      `${base}/..%2F..%2Fpackage.json`,
      `${base}/files/..%2F..%2F..%2Fpackage.json`,
      `${base}/files/%2e%2e%2findex.css`,
      `${base}/../../../../etc/passwd`,
      `${base}/files/missing.woff2`,
      `${base}/missing.css`,
      `/fonts/lato/${version}/font.css`,
      `/fonts/inter/0.0.1/font.css`,
      `/fonts/..%2Fcontract/${version}/font.css`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain("@fontsource");
    }
  });

  it("recognises stylesheets that point anywhere but their own files", () => {
    expect(onlyOwnFiles("src: url(./files/a-b.woff2) format('woff2')")).toBe(true);
    expect(onlyOwnFiles("src: url(https://fonts.gstatic.com/x.woff2)")).toBe(false);
    expect(onlyOwnFiles("src: url(//cdn.example.com/x.woff2)")).toBe(false);
    expect(onlyOwnFiles("src: url('./files/../../x.woff2')")).toBe(false);
  });
});
