import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { PublicQuiz, QuizConfig } from "@leadquiz/contract";
import { embedLoaderScript } from "@leadquiz/contract/embed-snippet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectCall, registerUser, type TestUser } from "../../test-support/api-client";
import {
  createPublishableQuiz,
  publicQuiz,
  publish,
  START_TITLE,
} from "../../test-support/publication-fixtures";
import { buildRuntimeForTests } from "../../test-support/runtime-build";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { jsonForScript } from "./page-html";
import { landingHostRewrite } from "./public-pages.plugin";

let t: TestApp;
let owner: TestUser;
let runtimeDir: string;
beforeAll(async () => {
  runtimeDir = await buildRuntimeForTests();
  t = await createTestApp({
    RATE_LIMIT_ENABLED: "false",
    RUNTIME_DIST_DIR: runtimeDir,
    LANDING_HOST: "quiz.test",
  });
  owner = await registerUser(t);
}, 120_000);
afterAll(async () => t?.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });

function bootConfigOf(html: string): { quiz: PublicQuiz; texts: Record<string, unknown> } {
  const match = /<script type="application\/json" data-leadquiz>([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error("no boot config in the page");
  return JSON.parse(match[1]);
}

describe("/q/{public_key}", () => {
  it("is rendered and compressed once per version: same bytes, ETag and 304, new on publish", async () => {
    const made = await createPublishableQuiz(t, owner);
    await publish(t, owner, made.quiz);
    const plain = await page(`/q/${made.publicKey}`, { "accept-encoding": "identity" });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("accept-encoding");
    const br = await page(`/q/${made.publicKey}`, { "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await page(`/q/${made.publicKey}`, { "accept-encoding": "gzip" });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const again = await page(`/q/${made.publicKey}`, { "accept-encoding": "br" });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);

    // The embed's frame is a page of its own, with its own validator.
    const framed = await page(`/q/${made.publicKey}?embed=1`, { "accept-encoding": "identity" });
    expect(framed.body).not.toBe(plain.body);
    expect(framed.headers.etag).not.toBe(plain.headers.etag);

    const etag = String(plain.headers.etag);
    const unchanged = await page(`/q/${made.publicKey}`, { "if-none-match": etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe("");
    await publish(t, owner, made.quiz);
    const changed = await page(`/q/${made.publicKey}`, { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("renders the first screen on the server with OG tags, inline CSS and the snapshot", async () => {
    const made = await createPublishableQuiz(t, owner);
    await publish(t, owner, made.quiz);
    const response = await page(`/q/${made.publicKey}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = response.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    // The start page, rendered by the runtime on the server (not just in the JSON).
    const markup = html.slice(html.indexOf(`<div id="leadquiz-${made.publicKey}">`));
    expect(markup.indexOf("How much will your renovation cost?")).toBeGreaterThan(-1);
    expect(markup.indexOf("How much will your renovation cost?")).toBeLessThan(
      markup.indexOf("data-leadquiz>"),
    );
    expect(html).toContain(`<title>${START_TITLE}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${START_TITLE}">`);
    expect(html).toContain(
      '<meta property="og:description" content="Answer three questions &amp; get a price">',
    );
    expect(html).toContain(
      `<meta property="og:url" content="http://localhost:3000/q/${made.publicKey}">`,
    );
    expect(html).toMatch(/<style>[^<]*\.lq-root\{/);
    const entry =
      /<script type="module" src="(\/runtime\/assets\/runtime-[\w-]+\.js)"><\/script>/.exec(
        html,
      )?.[1];
    expect(entry).toBeDefined();
    expect(html).not.toContain("/runtime/assets/screens-"); // a start page needs only the entry
    expect(html).not.toContain("/runtime/assets/frame-"); // the embed protocol: frames only

    const boot = bootConfigOf(html);
    const snapshot = (await publicQuiz(t, made.publicKey)).json<PublicQuiz>();
    expect(boot.quiz).toEqual(snapshot);
    expect(boot).toMatchObject({
      api: "/api/v1",
      target: `leadquiz-${made.publicKey}`,
      hydrate: true,
    });
    expect(boot.texts.start).toBe("Start");

    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors *");
    expect(csp).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval' https:"); // GTM set
    expect(response.headers["x-frame-options"]).toBeUndefined();
    // Any site may frame it, so it is not opener-isolated either (docs/security.md).
    expect(response.headers["cross-origin-opener-policy"]).toBe("unsafe-none");
    expect(response.headers["cache-control"]).toBe(
      "public, max-age=60, stale-while-revalidate=600",
    );

    const asset = await page(String(entry), { "accept-encoding": "gzip" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(asset.rawPayload).toString()).toContain("LeadquizRuntime");
    expect((await page("/runtime/assets/nope-123.js")).statusCode).toBe(404);
    expect((await page("/runtime/assets/..%2Fembed.js")).statusCode).toBe(404);
  });

  it("renders the first question when the start page is off, in the quiz language", async () => {
    const made = await createPublishableQuiz(t, owner, {
      language: 8,
      start_page: { enabled: false, title: "Unused" },
      analytics: {},
    });
    await publish(t, owner, made.quiz);
    const response = await page(`/q/${made.publicKey}?embed=1&mode=popup`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<html lang="de" data-embed="1">');
    expect(html).toContain("What do you live in?");
    // The question screen's chunk is fetched with the entry: hydration waits for it.
    expect(html).toMatch(/<link rel="modulepreload" href="\/runtime\/assets\/screens-[\w-]+\.js">/);
    // So is the embed protocol's, which the entry loads first inside the loader's iframe.
    expect(html).toMatch(/<link rel="modulepreload" href="\/runtime\/assets\/frame-[\w-]+\.js">/);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(bootConfigOf(html).texts.next).toBe("Weiter");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self';/);
    expect(csp).toContain("frame-ancestors *");
    expect(response.headers["x-frame-options"]).toBeUndefined();
  });

  it("escapes the owner's texts in HTML and in the inline JSON", async () => {
    const evil = `"><script>alert(1)</script><!--`;
    const made = await createPublishableQuiz(t, owner, {
      title: evil,
      start_page: { title: evil, description: "</script><script>alert(2)</script>" },
    });
    await publish(t, owner, made.quiz);
    const html = (await page(`/q/${made.publicKey}`)).body;
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain('"><script');
    expect(html).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    const boot = bootConfigOf(html);
    expect(boot.quiz.title).toBe(evil);
    expect(boot.quiz.start_page.description).toBe("</script><script>alert(2)</script>");
  });

  it("answers a translated 404 page for unknown, unpublished and hidden quizzes", async () => {
    const made = await createPublishableQuiz(t, owner);
    const unpublished = await page(`/q/${made.publicKey}`, { "accept-language": "de-DE,de;q=0.9" });
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(unpublished.body).toContain('<html lang="de">');
    expect(unpublished.body).toContain("Quiz nicht gefunden");
    await publish(t, owner, made.quiz);
    expect((await page(`/q/${made.publicKey}`)).statusCode).toBe(200);
    await expectCall(t, 200, "PUT", `/quiz/${made.quiz}/publish/`, {
      user: owner,
      body: { is_published: false },
    });
    const hidden = await page(`/q/${made.publicKey}`, { "accept-language": "pl" });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toContain("Nie znaleziono quizu");
    expect((await page("/q/unknown-key")).body).toContain("Quiz not found");
    expect((await page(`/q/${"k".repeat(300)}`)).statusCode).toBe(404);
  });
});

describe("landings", () => {
  it("serves the landing around the quiz at /l/{subdomain} and on {subdomain}.LANDING_HOST", async () => {
    const made = await createPublishableQuiz(t, owner);
    await expectCall(t, 201, "POST", "/config/quiz/", {
      user: owner,
      body: {
        quiz: made.quiz,
        landing: {
          subdomain: "sofa-shop",
          company_name: "Sofa & Co",
          about: "Sofas since 1999",
          phone: "+48 123 456 789",
          site_url: "https://sofa.example",
          legal_notice: "Sofa & Co Ltd, VAT 123",
        },
      },
    });
    // Not published yet: 404.
    expect((await page("/l/sofa-shop")).statusCode).toBe(404);
    await publish(t, owner, made.quiz);

    for (const response of [
      await page("/l/sofa-shop"),
      await page("/l/SOFA-SHOP"),
      await page("/", { host: "sofa-shop.quiz.test" }),
      await page("/?utm_source=fb", { host: "Sofa-Shop.quiz.test:8080" }),
    ]) {
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toContain('<span class="lq-company">Sofa &amp; Co</span>');
      expect(html).toContain("Sofas since 1999");
      expect(html).toContain('<a href="tel:+48123456789">+48 123 456 789</a>');
      expect(html).toContain('href="https://sofa.example/"');
      expect(html).toContain("<footer>Sofa &amp; Co Ltd, VAT 123</footer>");
      expect(html).toContain(START_TITLE);
      expect(html).toContain('<link rel="canonical" href="http://sofa-shop.quiz.test">');
      expect(String(response.headers["content-security-policy"])).toContain("frame-ancestors *");
      expect(response.headers["cross-origin-opener-policy"]).toBe("unsafe-none");
    }
    expect((await page("/l/no-such-landing")).statusCode).toBe(404);
    // The owner app keeps the app-wide opener isolation.
    expect((await page("/login")).headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect((await page("/", { host: "no-such-landing.quiz.test" })).statusCode).toBe(404);
    // Other paths on a landing host are served as usual.
    expect((await page("/api/v1/health/", { host: "sofa-shop.quiz.test" })).statusCode).toBe(200);
  });

  it("rewrites only GET / of a landing host, never PUBLIC_URL's host", () => {
    const rewrite = landingHostRewrite({
      landingHost: "example.com",
      publicUrl: "https://app.example.com",
    });
    const request = (url: string, host: string, method = "GET") =>
      rewrite({ url, method, headers: { host } } as never);
    expect(request("/", "sofa-shop.example.com")).toBe("/l/sofa-shop");
    expect(request("/?a=1", "sofa-shop.example.com")).toBe("/l/sofa-shop?a=1");
    expect(request("/", "app.example.com")).toBe("/");
    expect(request("/", "example.com")).toBe("/");
    expect(request("/", "a.b.example.com")).toBe("/");
    expect(request("/x", "sofa-shop.example.com")).toBe("/x");
    expect(request("/", "sofa-shop.example.com", "POST")).toBe("/");
    expect(request("/", "sofa-shop.other.com")).toBe("/");
    const none = landingHostRewrite({ landingHost: undefined, publicUrl: "http://localhost" });
    expect(none({ url: "/", method: "GET", headers: { host: "x.localhost" } } as never)).toBe("/");
  });
});

describe("/embed.js", () => {
  it("is served with a short cache, an ETag, CORP cross-origin and compression", async () => {
    for (const name of ["/embed.js", "/embed-ui.js"]) {
      const response = await page(name, { "accept-encoding": "gzip" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("public, max-age=300");
      expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
      expect(response.headers["content-encoding"]).toBe("gzip");
      expect(response.headers["access-control-allow-origin"]).toBeUndefined();
      const etag = String(response.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await page(name, { "if-none-match": etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
    }
    const plain = await page("/embed.js");
    expect(plain.body).toContain("window.LeadquizTest=1");
  });
});

describe("embed snippets in GET config/quiz/{id}", () => {
  it("generates every mode's snippet with the documented attributes, escaped", async () => {
    const made = await createPublishableQuiz(t, owner, { title: `Sofa "><script>x</script>` });
    const created = await expectCall<QuizConfig>(t, 201, "POST", "/config/quiz/", {
      user: owner,
      body: {
        quiz: made.quiz,
        popup: {
          enabled: true,
          open: "auto",
          delay_seconds: 5,
          button_id: "quiz-btn",
          exit_intent: true,
          scroll_depth: 50,
          frequency: "session",
          hide_on_mobile: true,
        },
        banner: { enabled: false },
        trigger: { format: "manager", position: "left", consultant_name: "Anna", text: "" },
        chat: { position: "right", button_text: "Ask", button_color: "#123456" },
        body: { text: "Take the quiz", button_color: "#ff0000", text_color: "#fff" },
        landing: { subdomain: "snippet-shop" },
      },
    });
    expect(created.embed).toBeUndefined();
    const config = await expectCall<QuizConfig>(t, 200, "GET", `/config/quiz/${made.quiz}`, {
      user: owner,
    });
    const embed = config.embed;
    if (!embed) throw new Error("no embed snippets");
    const title = 'data-title="Sofa &quot;&gt;&lt;script&gt;x&lt;/script&gt;"';
    // The attributes on the snippet's own script, whose code inserts embed.js after the
    // host page's load event (docs/adr/0012-embed-snippet-after-load.md).
    const loader = embedLoaderScript("http://localhost:3000/embed.js");
    expect(embed.popup).toBe(
      `<script data-leadquiz="${made.publicKey}" ` +
        `data-mode="popup" ${title} data-close-label="Close" data-open="auto" data-delay="5" ` +
        `data-exit-intent="true" data-scroll="50" data-frequency="session" ` +
        `data-button-id="quiz-btn" data-hide-on-mobile="true">${loader}</script>`,
    );
    expect(loader).toContain('e.src = "http://localhost:3000/embed.js";');
    expect(embed.banner).toBeNull();
    expect(embed.trigger).toContain('data-mode="trigger"');
    expect(embed.trigger).toContain('data-format="manager"');
    expect(embed.trigger).toContain('data-position="left"');
    expect(embed.trigger).toContain('data-manager-name="Anna"');
    expect(embed.trigger).not.toContain("data-text");
    expect(embed.inline).toBe(
      `<div data-leadquiz="${made.publicKey}" data-mode="inline" ${title} ` +
        'data-close-label="Close" data-text="Take the quiz" data-background="#ff0000" ' +
        `data-color="#fff"></div>\n<script>${loader}</script>`,
    );
    expect(embed.chat).toContain('data-text="Ask" data-background="#123456"');
    expect(embed.link).toBe(`http://localhost:3000/q/${made.publicKey}`);
    expect(embed.landing_url).toBe("http://snippet-shop.quiz.test");
    for (const snippet of [embed.popup, embed.trigger, embed.inline, embed.chat]) {
      expect(snippet).not.toContain("<script>x");
      expect(snippet?.match(/<script/g)).toHaveLength(1);
    }
  });
});

describe("without a runtime build", () => {
  it("answers 503 with a message for the pages and the loader", async () => {
    const empty = mkdtempSync(path.join(tmpdir(), "leadquiz-no-runtime-"));
    const bare = await createTestApp({ RUNTIME_DIST_DIR: empty });
    try {
      const response = await bare.app.inject({ method: "GET", url: "/q/anything" });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain("npm start");
      expect((await bare.app.inject({ method: "GET", url: "/l/some-landing" })).statusCode).toBe(
        503,
      );
      const loader = await bare.app.inject({ method: "GET", url: "/embed.js" });
      expect(loader.statusCode).toBe(503);
      expect(loader.body).toContain("not built");
    } finally {
      await bare.close();
    }
  });
});

describe("/q/-/preview (the editor's preview frame)", () => {
  it("loads the runtime without a quiz, framable by this origin only, never cached", async () => {
    const response = await page("/q/-/preview");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(response.headers["content-security-policy"]).not.toContain("frame-ancestors *");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(response.body).toContain('<div id="leadquiz-preview"></div>');
    expect(response.body).toMatch(/<script type="module" src="\/runtime\/assets\/[^"]+\.js">/);
    expect(response.body).not.toContain("data-leadquiz>");
  });
});

describe("/q/-/embed-sample (the publication setup's sample site)", () => {
  it("carries one snippet's loader attributes, escaped, and nothing else", async () => {
    const query = new URLSearchParams({
      "data-leadquiz": "Ab12Cd34",
      "data-mode": "popup",
      "data-open": "button",
      "data-button-id": 'quiz"><script>x</script>',
      "data-title": "Sofa & co",
      onload: "alert(1)",
      "data-unknown": "x",
      lang: "ru",
      button: "Кнопка <b>",
    });
    const response = await page(`/q/-/embed-sample?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors 'self'");
    // This origin's scripts, and the snippet's inline loader by its hash only.
    const loader = embedLoaderScript("/embed.js");
    const hash = createHash("sha256").update(loader).digest("base64");
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    const html = response.body;
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain(
      '<script data-leadquiz="Ab12Cd34" data-mode="popup" ' +
        'data-open="button" data-button-id="quiz&quot;&gt;&lt;script&gt;x&lt;/script&gt;" ' +
        `data-title="Sofa &amp; co">${loader}</script>`,
    );
    expect(html).toContain(
      '<button type="button" class="site-button" id="quiz&quot;&gt;&lt;script&gt;x&lt;/script&gt;">Кнопка &lt;b&gt;</button>',
    );
    expect(html).not.toContain("onload");
    expect(html).not.toContain("data-unknown");
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it("puts an inline snippet's container in the page body", async () => {
    const response = await page("/q/-/embed-sample?data-leadquiz=K1&data-mode=inline&lang=e%22x");
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toContain(
      `<div data-leadquiz="K1" data-mode="inline"></div>\n<script>${embedLoaderScript("/embed.js")}</script>`,
    );
  });
});

describe("jsonForScript", () => {
  it("cannot end the script element and parses back to the same value", () => {
    const value = { a: "</script><!--<script>", b: "\u2028\u2029&", c: [1, "'\""] };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
