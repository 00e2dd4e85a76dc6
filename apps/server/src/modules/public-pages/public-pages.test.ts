import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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
import {
  createTestApp,
  TEST_PUBLIC_URL,
  TEST_VISITOR_URL,
  type TestApp,
  VISITOR_HOST,
} from "../../test-support/test-app";
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

/** A GET on the visitor origin (another host when `headers.host` names one). */
const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { host: VISITOR_HOST, ...headers } });
/** A GET on the owner app's origin. */
const appPage = (url: string, headers: Record<string, string> = {}) =>
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
      `<meta property="og:url" content="${TEST_VISITOR_URL}/q/${made.publicKey}">`,
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

describe("the visitor pages' policy (docs/security.md \"Owners' tags\")", () => {
  /** The CSP of `/q/{key}` of a published quiz with `analytics`, as a directive → sources map. */
  async function policyWith(analytics: Record<string, string>) {
    const made = await createPublishableQuiz(t, owner, {
      analytics: { gtm_id: "", ga_id: "", pixel_id: "", tiktok_id: "", ...analytics },
    });
    await publish(t, owner, made.quiz);
    const csp = String((await page(`/q/${made.publicKey}`)).headers["content-security-policy"]);
    return Object.fromEntries(
      csp.split("; ").map((directive) => {
        const [name = "", ...sources] = directive.split(" ");
        return [name, sources];
      }),
    );
  }

  it("opens to a vendor only the hosts its tag needs, never all of https:", async () => {
    const none = await policyWith({});
    expect(none["script-src"]).toEqual(["'self'"]);
    expect(none["connect-src"]).toEqual(["'self'", TEST_VISITOR_URL]);
    // Media of snapshots published before the visitor origin name PUBLIC_URL.
    expect(none["img-src"]).toEqual(
      expect.arrayContaining([TEST_VISITOR_URL, TEST_PUBLIC_URL, "https://i.ytimg.com"]),
    );

    const ga = await policyWith({ ga_id: "G-ABC123" });
    expect(ga["script-src"]).toEqual(["'self'", "https://*.googletagmanager.com"]);
    expect(ga["connect-src"]).toEqual(
      expect.arrayContaining([
        "https://*.google-analytics.com",
        "https://*.analytics.google.com",
        "https://*.googletagmanager.com",
      ]),
    );
    const meta = await policyWith({ pixel_id: "1234567890" });
    expect(meta["script-src"]).toEqual(["'self'", "https://connect.facebook.net"]);
    expect(meta["img-src"]).toContain("https://www.facebook.com");
    const tiktok = await policyWith({ tiktok_id: "CABCDEF123" });
    expect(tiktok["script-src"]).toEqual(["'self'", "https://analytics.tiktok.com"]);
    for (const policy of [none, ga, meta, tiktok]) {
      for (const directive of ["script-src", "img-src", "connect-src", "frame-src"]) {
        expect(policy[directive], directive).not.toContain("https:");
        expect(policy[directive], directive).not.toContain("'unsafe-inline'");
        expect(policy[directive], directive).not.toContain("'unsafe-eval'");
      }
    }
  });

  it("lets a tag manager container load what it holds: it runs on the visitor origin only", async () => {
    const gtm = await policyWith({ gtm_id: "GTM-ABC1", ga_id: "G-ABC123" });
    expect(gtm["script-src"]).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'", "https:"]);
    expect(gtm["connect-src"]).toEqual(["'self'", TEST_VISITOR_URL, "https:"]);
    expect(gtm["frame-ancestors"]).toEqual(["*"]);
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
    expect((await appPage("/login")).headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect((await page("/", { host: "no-such-landing.quiz.test" })).statusCode).toBe(404);
    // Other paths on a landing host are served as usual.
    expect((await page("/api/v1/health/", { host: "sofa-shop.quiz.test" })).statusCode).toBe(200);
  });

  it("rewrites only GET / of a landing host, never the visitor host", () => {
    const rewrite = landingHostRewrite({
      landingHost: "example.com",
      visitorUrl: "https://quiz.example.com",
      trustProxy: false,
    });
    const request = (url: string, host: string, method = "GET") =>
      rewrite({ url, method, headers: { host } } as never);
    expect(request("/", "sofa-shop.example.com")).toBe("/l/sofa-shop");
    expect(request("/?a=1", "sofa-shop.example.com")).toBe("/l/sofa-shop?a=1");
    expect(request("/", "quiz.example.com")).toBe("/");
    expect(request("/", "example.com")).toBe("/");
    expect(request("/", "a.b.example.com")).toBe("/");
    expect(request("/x", "sofa-shop.example.com")).toBe("/x");
    expect(request("/", "sofa-shop.example.com", "POST")).toBe("/");
    expect(request("/", "sofa-shop.other.com")).toBe("/");
    const none = landingHostRewrite({
      landingHost: undefined,
      visitorUrl: "http://127.0.0.1",
      trustProxy: false,
    });
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
    // The loader as built: it takes the quizzes' origin from its own address.
    const plain = await page("/embed.js");
    expect(plain.body).toMatch(/new URL\(\w+,location\.href\)\.origin/);
  });

  // docs/embed.md "Origins": snippets pasted before the visitor origin load PUBLIC_URL's copy.
  it("on the app's origin frames the quizzes of the visitor origin", async () => {
    const visitor = await page("/embed.js");
    const old = await appPage("/embed.js");
    expect(old.statusCode).toBe(200);
    expect(old.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(old.body).not.toMatch(/location\.href\)\.origin/);
    expect(old.body).toContain(`"${TEST_VISITOR_URL}"`);
    // Only that expression differs.
    expect(old.body.replace(`"${TEST_VISITOR_URL}"`, "")).toBe(
      visitor.body.replace(/new URL\(\w+,location\.href\)\.origin/, ""),
    );
    // Its own validator: a cache never gives one copy for the other.
    expect(old.headers.etag).not.toBe(visitor.headers.etag);
    const again = await appPage("/embed.js", { "if-none-match": String(old.headers.etag) });
    expect(again.statusCode).toBe(304);
    const stale = await appPage("/embed.js", { "if-none-match": String(visitor.headers.etag) });
    expect(stale.statusCode).toBe(200);
    // embed-ui.js is the same file on both origins.
    expect((await appPage("/embed-ui.js")).body).toBe((await page("/embed-ui.js")).body);
  });

  it("forwards to the visitor origin's copy when the build has no origin to pin", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "leadquiz-odd-loader-"));
    cpSync(runtimeDir, dir, { recursive: true });
    writeFileSync(path.join(dir, "embed.js"), "(function(){window.LeadquizOdd=1})();");
    const odd = await createTestApp({ RUNTIME_DIST_DIR: dir });
    try {
      const old = await odd.app.inject({ method: "GET", url: "/embed.js" });
      expect(old.statusCode).toBe(200);
      expect(old.body).toContain(`s.src="${TEST_VISITOR_URL}/embed.js"`);
      expect(old.body).not.toContain("LeadquizOdd");
    } finally {
      await odd.close();
      rmSync(dir, { recursive: true, force: true });
    }
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
    const loader = embedLoaderScript(`${TEST_VISITOR_URL}/embed.js`);
    expect(embed.popup).toBe(
      `<script data-leadquiz="${made.publicKey}" ` +
        `data-mode="popup" ${title} data-close-label="Close" data-open="auto" data-delay="5" ` +
        `data-exit-intent="true" data-scroll="50" data-frequency="session" ` +
        `data-button-id="quiz-btn" data-hide-on-mobile="true">${loader}</script>`,
    );
    expect(loader).toContain(`e.src = "${TEST_VISITOR_URL}/embed.js";`);
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
    expect(embed.link).toBe(`${TEST_VISITOR_URL}/q/${made.publicKey}`);
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
      const get = (url: string) =>
        bare.app.inject({ method: "GET", url, headers: { host: VISITOR_HOST } });
      const response = await get("/q/anything");
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain("npm start");
      expect((await get("/l/some-landing")).statusCode).toBe(503);
      const loader = await get("/embed.js");
      expect(loader.statusCode).toBe(503);
      expect(loader.body).toContain("not built");
    } finally {
      await bare.close();
    }
  });
});

describe("/q/-/preview (the editor's preview frame)", () => {
  it("loads the runtime without a quiz, framable by this origin only, never cached", async () => {
    const response = await appPage("/q/-/preview");
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
    // On the visitor origin, framed by the owner app's editor only.
    expect(response.headers["x-frame-options"]).toBeUndefined();
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain(`frame-ancestors ${TEST_PUBLIC_URL}`);
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
