import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import path from "node:path";
import compress from "@fastify/compress";
import type { PublicQuiz } from "@leadquiz/contract";
import { loaderForwardScript, pinLoaderOrigin } from "@leadquiz/contract/embed-loader-origin";
import { visitorTexts } from "@leadquiz/i18n/visitor/all";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../app-context";
import type { AppConfig } from "../../config";
import { etagMatches } from "../../lib/http-cache";
import { hostnameReader, surfaceReader } from "../../lib/origins";
import { type Precompressed, pickEncoding, precompress } from "../../lib/precompressed";
import { absoluteMediaUrl, landingUrl, publicQuizUrl } from "../../lib/public-urls";
import { type FastAnswer, sendFastAnswer } from "../../plugins/fast-reads";
import { type CachedQuiz, visitorSnapshot } from "../publication";
import {
  EMBED_SAMPLE_PAGE_PATH,
  embedSampleCsp,
  embedSampleOf,
  embedSamplePageHtml,
} from "./embed-sample-page";
import { type LandingInfo, messagePageHtml, previewPageHtml, quizPageHtml } from "./page-html";
import { pageTexts, visitorLanguageOf } from "./page-texts";
import { createPublicPagesService } from "./public-pages.service";
import {
  createRuntimeAssets,
  defaultRuntimeDistDir,
  RUNTIME_ASSETS_PREFIX,
  type RuntimeAssets,
  type RuntimeBuild,
  type StaticFile,
} from "./runtime-assets";

/**
 * The visitor pages' Cross-Origin-Opener-Policy, over the app-wide `same-origin`
 * (docs/security.md "Visitor pages"). Any site may frame these pages (`frame-ancestors *`),
 * so keeping other windows' references out of a top-level one protects nothing: whoever
 * could open the page can frame it. `same-origin` still cost every visitor in a fresh tab
 * a switch of browsing context group before the first paint (docs/speed.md "First paint
 * of the hosted quiz").
 */
const VISITOR_PAGE_OPENER_POLICY = "unsafe-none";

/** `/q/{key}` of one version, runtime build and mode, as sent. */
interface HostedPage extends Precompressed {
  etag: string;
  csp: string;
}

/**
 * The answer to `/q/{key}` for a page made already: 304 on its ETag, else its bytes in the
 * best encoding the visitor accepts. Framable by any site: no X-Frame-Options, the page's
 * CSP, no opener isolation. The route and the fast read both send it.
 */
function hostedPageAnswer(page: HostedPage, request: IncomingHttpHeaders): FastAnswer {
  const headers: FastAnswer["headers"] = {
    "x-frame-options": null,
    "cross-origin-opener-policy": VISITOR_PAGE_OPENER_POLICY,
    "cache-control": PAGE_CACHE,
    etag: page.etag,
    vary: "accept-encoding",
    "content-security-policy": page.csp,
  };
  if (etagMatches(request["if-none-match"], page.etag)) return { status: 304, headers };
  const { bytes, encoding } = pickEncoding(page, request["accept-encoding"]);
  headers["content-type"] = "text/html; charset=utf-8";
  if (encoding) headers["content-encoding"] = encoding;
  return { status: 200, headers, body: bytes };
}

/** `/q/{key}` (the trailing slash optional, as Fastify routes it). */
const HOSTED_PAGE_PATH = /^\/q\/([A-Za-z0-9_-]{1,64})\/?$/;

/** The editor's preview page (outside `/q/{key}`: no public key has a slash). */
export const PREVIEW_PAGE_PATH = "/q/-/preview";

/** Hosted pages: fresh for a minute (a new publish shows within it), then revalidated. */
const PAGE_CACHE = "public, max-age=60, stale-while-revalidate=600";
const IMMUTABLE = "public, max-age=31536000, immutable";
/** `/embed.js` and `/embed-ui.js` keep their URLs across releases: a short cache + ETag. */
const EMBED_CACHE = "public, max-age=300";
const ASSET_NAME = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.(js|css|map)$/;
const CONTENT_TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  map: "application/json; charset=utf-8",
};

/**
 * The Content-Security-Policy of the visitor pages (docs/security.md "Visitor pages"). They
 * must be framable by ANY site (the embed's iframe): `frame-ancestors *` and no
 * X-Frame-Options. Otherwise strict: scripts only from this origin (the boot JSON is
 * `type="application/json"`, never executed), styles inline (the design's custom
 * properties are style attributes), media from here and the visitor origin (a landing host
 * is another origin), and from PUBLIC_URL for snapshots published before the visitor origin
 * existed (their media links name it), YouTube's privacy-enhanced player. The owner's tags
 * add what their vendors document (`analyticsSources`).
 */
export function pageCsp(
  config: Pick<AppConfig, "publicUrl" | "visitorUrl">,
  analytics?: PublicQuiz["analytics"],
): string {
  const visitor = new URL(config.visitorUrl).origin;
  const app = new URL(config.publicUrl).origin;
  const tags = analyticsSources(analytics);
  const list = (...sources: string[]) => sources.filter(Boolean).join(" ");
  return [
    "default-src 'self'",
    `script-src ${list("'self'", ...tags.script)}`,
    `style-src 'self' 'unsafe-inline' ${visitor}`,
    `img-src ${list("'self' data: blob:", visitor, app, "https://i.ytimg.com", ...tags.img)}`,
    `media-src 'self' blob: ${visitor} ${app}`,
    `font-src 'self' data: ${visitor}`,
    `connect-src ${list("'self'", visitor, ...tags.connect)}`,
    `frame-src ${list("https://www.youtube-nocookie.com", ...tags.frame)}`,
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors *",
  ].join("; ");
}

/** What the owner's tags add to a visitor page's policy, by directive. */
interface TagSources {
  script: string[];
  img: string[];
  connect: string[];
  frame: string[];
}

/**
 * The sources each vendor's tag needs (docs/security.md "Owners' tags"). Google documents
 * GA4's ("Use a Content Security Policy with Google Tag Manager", Google Analytics 4 and
 * Google Signals); Meta and TikTok publish no list, so theirs are the hosts their base code
 * loads from and sends to. GTM loads whatever its container holds — custom HTML, any
 * vendor, inline and evaluated code — so a quiz with a GTM id gets `https:`, inline and
 * eval: the container is the owner's own code by design, which is why it runs only on the
 * visitor origin, never where the owner app's session lives.
 */
export function analyticsSources(analytics?: PublicQuiz["analytics"]): TagSources {
  const sources: TagSources = { script: [], img: [], connect: [], frame: [] };
  if (!analytics) return sources;
  const add = (more: Partial<TagSources>) => {
    for (const key of ["script", "img", "connect", "frame"] as const) {
      for (const source of more[key] ?? []) {
        if (!sources[key].includes(source)) sources[key].push(source);
      }
    }
  };
  if (analytics.gtm_id.trim()) {
    add({
      script: ["'unsafe-inline'", "'unsafe-eval'", "https:"],
      img: ["https:"],
      connect: ["https:"],
      frame: ["https:"],
    });
  }
  if (analytics.ga_id.trim()) {
    const google = ["https://*.googletagmanager.com"];
    const collect = ["https://*.google-analytics.com", "https://*.analytics.google.com"];
    // Google Signals (switched on in the owner's GA property, not here) also sends to these.
    const signals = ["https://*.g.doubleclick.net", "https://*.google.com"];
    add({
      script: google,
      img: [...collect, ...google, ...signals],
      connect: [...collect, ...google, ...signals],
    });
  }
  if (analytics.pixel_id.trim()) {
    add({
      script: ["https://connect.facebook.net"],
      img: ["https://www.facebook.com"],
      connect: ["https://www.facebook.com", "https://connect.facebook.net"],
    });
  }
  if (analytics.tiktok_id.trim()) {
    add({
      script: ["https://analytics.tiktok.com"],
      img: ["https://analytics.tiktok.com"],
      connect: ["https://analytics.tiktok.com"],
    });
  }
  // `https:` covers every https source of its directive: the list stays short.
  for (const key of ["script", "img", "connect", "frame"] as const) {
    if (sources[key].includes("https:")) {
      sources[key] = sources[key].filter((source) => !source.startsWith("https://"));
    }
  }
  return sources;
}

/**
 * `Host: {subdomain}.{LANDING_HOST}` with path `/` → `/l/{subdomain}` (Fastify's
 * rewriteUrl, in app.ts). Every other path on such a host is served as usual (the
 * runtime's assets and API calls of the landing go to the same server). The host is read
 * as everywhere else (lib/origins.ts: X-Forwarded-Host from a trusted proxy); the visitor
 * host itself is never rewritten.
 */
export function landingHostRewrite(
  config: Pick<AppConfig, "landingHost" | "visitorUrl" | "trustProxy">,
) {
  const landingHost = config.landingHost?.replace(/:\d+$/, "");
  const visitorHost = new URL(config.visitorUrl).hostname.toLowerCase();
  const hostname = hostnameReader(config.trustProxy);
  return (request: IncomingMessage): string => {
    const url = request.url ?? "/";
    if (!landingHost) return url;
    const [pathname, query] = splitQuery(url);
    if (pathname !== "/" || (request.method !== "GET" && request.method !== "HEAD")) return url;
    const host = hostname(request);
    if (host === visitorHost || !host.endsWith(`.${landingHost}`)) return url;
    const subdomain = host.slice(0, -(landingHost.length + 1));
    if (!/^[a-z0-9-]{1,63}$/.test(subdomain)) return url;
    return `/l/${subdomain}${query}`;
  };
}

function splitQuery(url: string): [string, string] {
  const index = url.indexOf("?");
  return index === -1 ? [url, ""] : [url.slice(0, index), url.slice(index)];
}

export interface PublicPagesOptions {
  context: AppContext;
}

/**
 * The visitors' pages outside /api/v1 (registered before the web app's catch-all):
 * `/q/{public_key}` (hosted quiz, also the embed's iframe with `?embed=1`), `/l/{subdomain}`
 * (landing; also `{subdomain}.<LANDING_HOST>/` through landingHostRewrite), the runtime's
 * hashed assets under `/runtime/assets/`, and `/embed.js` + `/embed-ui.js`. All from the
 * built runtime (RUNTIME_DIST_DIR, default apps/runtime/dist): while it is not built they
 * answer 503 with a message, and a warning is logged.
 */
export async function publicPagesPlugin(app: FastifyInstance, { context }: PublicPagesOptions) {
  const { config } = context;
  const pages = createPublicPagesService(context);
  const runtime = createRuntimeAssets(
    config.runtimeDistDir ?? defaultRuntimeDistDir,
    app.log.child({ module: "public-pages" }),
  );
  // Compressed answers (br/gzip) for these routes only (this plugin's context).
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
  await runtime.current();

  const hide = { schema: { hide: true } };
  const surfaceOf = surfaceReader(config);

  const { notFound, notAvailable, unavailable, renderQuiz } = pageReplies(config);

  /**
   * `/q/{key}` of one version in one build and mode, rendered and compressed once and kept
   * with the quiz (docs/speed.md "Published quiz cache"): dropped with it when the quiz
   * changes, and unused once a new runtime build is served (a new RuntimeBuild object).
   */
  function hostedPage(found: CachedQuiz, build: RuntimeBuild, embed: boolean): Promise<HostedPage> {
    let pages = found.memo.get(build) as Map<boolean, Promise<HostedPage>> | undefined;
    if (!pages) {
      pages = new Map();
      found.memo.set(build, pages);
    }
    const made = madePages(found, build);
    let page = pages.get(embed);
    if (!page) {
      const quiz = found.snapshot;
      const html = quizPageHtml({
        quiz: visitorSnapshot(quiz),
        texts: visitorTexts[quiz.language] ?? visitorTexts.en,
        runtime: build,
        embed,
        canonicalUrl: publicQuizUrl(config, quiz.public_key),
      });
      page = precompress(html, "text").then((bytes) => ({
        ...bytes,
        csp: pageCsp(config, quiz.analytics),
        etag: `"p${found.quizId}-v${found.version}-${build.id}-${embed ? "e" : "p"}"`,
      }));
      pages.set(embed, page);
      page.then((done) => made.set(embed, done)).catch(() => pages.delete(embed));
    }
    return page;
  }

  /** The pages of `found` in `build` whose bytes are made (by mode), kept with the quiz. */
  function madePages(found: CachedQuiz, build: RuntimeBuild): Map<boolean, HostedPage> {
    const key = `made:${build.id}`;
    let made = found.memo.get(key) as Map<boolean, HostedPage> | undefined;
    if (!made) {
      made = new Map();
      found.memo.set(key, made);
    }
    return made;
  }

  // A page made already is answered before Fastify (docs/speed.md "Fast reads"): only the
  // plain page and `?embed=1`, anything else goes to the route below.
  // Only on a visitor host: on the app's, Fastify answers the redirect (plugins/origin-surfaces.ts).
  context.fastReads.add("/q/", (pathname, query, request) => {
    if (query !== "" && query !== "embed=1") return undefined;
    if (surfaceOf(request) !== "visitor") return undefined;
    const key = HOSTED_PAGE_PATH.exec(pathname)?.[1];
    const build = key === undefined ? undefined : runtime.peek();
    const found = key === undefined || !build ? undefined : pages.kept(key);
    const page = found && build ? madePages(found, build).get(query === "embed=1") : undefined;
    return page && hostedPageAnswer(page, request.headers);
  });

  app.get<{ Params: { publicKey: string } }>("/q/:publicKey", hide, async (request, reply) => {
    const build = await runtime.current();
    if (!build) return unavailable(request, reply);
    const key = request.params.publicKey;
    const found = key.length <= 64 ? await pages.quiz(key) : undefined;
    if (!found) return notFound(request, reply);
    if (found === "tariff_ended") return notAvailable(request, reply);
    const embed = (request.query as Record<string, unknown>).embed === "1";
    const page = await hostedPage(found, build, embed);
    return sendFastAnswer(reply, hostedPageAnswer(page, request.headers));
  });

  // The editor's preview frame: framed by the owner app's origin only, never cached (a
  // release changes the runtime it loads). It holds no quiz: the editor posts the snapshot to
  // it. It stays on the app's origin (plugins/origin-surfaces.ts): it runs no script but the
  // runtime's (`script-src 'self'`; the preview never loads the owner's tags), see
  // docs/adr/0016-visitor-origin.md.
  app.get(PREVIEW_PAGE_PATH, hide, async (request, reply) => {
    const build = await runtime.current();
    if (!build) return unavailable(request, reply);
    const csp = pageCsp(config).replace("frame-ancestors *", "frame-ancestors 'self'");
    reply.header("cache-control", "no-store").header("x-frame-options", "SAMEORIGIN");
    return reply
      .status(200)
      .header("content-security-policy", csp)
      .header("content-type", "text/html; charset=utf-8")
      .send(previewPageHtml(build));
  });

  // The publication setup's sample site: one snippet's loader attributes (from the query) on
  // a neutral page of the visitor origin, framed by the editor only, never cached
  // (docs/editor.md).
  app.get(EMBED_SAMPLE_PAGE_PATH, hide, async (request, reply) => {
    const sample = embedSampleOf(request.query as Record<string, unknown>);
    reply.header("cache-control", "no-store").removeHeader("x-frame-options");
    return reply
      .status(200)
      .header("content-security-policy", embedSampleCsp(config))
      .header("content-type", "text/html; charset=utf-8")
      .send(embedSamplePageHtml(sample));
  });

  app.get<{ Params: { subdomain: string } }>("/l/:subdomain", hide, async (request, reply) => {
    const build = await runtime.current();
    if (!build) return unavailable(request, reply);
    const subdomain = request.params.subdomain.toLowerCase();
    const found = /^[a-z0-9-]{1,63}$/.test(subdomain) ? await pages.landing(subdomain) : undefined;
    if (found === "tariff_ended") return notAvailable(request, reply);
    if (!found || found.landing.enabled === false) return notFound(request, reply);
    const { domain: _domain, ...landing } = found.landing;
    return renderQuiz(request, reply, build, found.snapshot, landingUrl(config, subdomain), {
      ...landing,
      logo: absoluteMediaUrl(config, landing.logo),
    });
  });

  registerRuntimeFiles(app, runtime, config);
}

/** The visitor pages' answers: a rendered quiz, or a message page (404, 503). */
function pageReplies(config: AppConfig) {
  function sendPage(reply: FastifyReply, status: number, html: string, csp: string) {
    reply.removeHeader("x-frame-options");
    return reply
      .status(status)
      .header("cross-origin-opener-policy", VISITOR_PAGE_OPENER_POLICY)
      .header("content-security-policy", csp)
      .header("content-type", "text/html; charset=utf-8")
      .send(html);
  }

  /** A 404 message page in the visitor's language: no such quiz, or not available. */
  function missingPage(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: "notFound" | "notAvailable",
  ) {
    const language = visitorLanguageOf(request.headers["accept-language"]);
    const texts = pageTexts[language];
    return sendPage(
      reply.header("cache-control", "no-cache").header("vary", "accept-language"),
      404,
      messagePageHtml(language, texts[`${kind}Title`], texts[`${kind}Text`]),
      pageCsp(config),
    );
  }

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    missingPage(request, reply, "notFound");
  /** A quiz whose owner's tariff has ended: shown again once the owner renews. */
  const notAvailable = (request: FastifyRequest, reply: FastifyReply) =>
    missingPage(request, reply, "notAvailable");

  function unavailable(request: FastifyRequest, reply: FastifyReply) {
    const language = visitorLanguageOf(request.headers["accept-language"]);
    const texts = pageTexts[language];
    return sendPage(
      reply.header("cache-control", "no-store").header("retry-after", "30"),
      503,
      messagePageHtml(
        language,
        texts.unavailableTitle,
        `${texts.unavailableText} (The visitor runtime is not built: run \`npm start\`, or ` +
          "`npm run build -w @leadquiz/runtime && npm run build:embed -w @leadquiz/runtime`.)",
      ),
      pageCsp(config),
    );
  }

  function renderQuiz(
    request: FastifyRequest,
    reply: FastifyReply,
    build: RuntimeBuild,
    quiz: PublicQuiz,
    canonicalUrl: string,
    landing?: LandingInfo,
  ) {
    const query = request.query as Record<string, unknown>;
    const html = quizPageHtml({
      quiz: visitorSnapshot(quiz),
      texts: visitorTexts[quiz.language] ?? visitorTexts.en,
      runtime: build,
      embed: query.embed === "1",
      landing,
      canonicalUrl,
    });
    return sendPage(
      reply.header("cache-control", PAGE_CACHE),
      200,
      html,
      pageCsp(config, quiz.analytics),
    );
  }

  return { notFound, notAvailable, unavailable, renderQuiz };
}

/** The runtime's hashed assets and the embed loaders (`/embed.js`, `/embed-ui.js`). */
function registerRuntimeFiles(app: FastifyInstance, runtime: RuntimeAssets, config: AppConfig) {
  const hide = { schema: { hide: true } };
  const surfaceOf = surfaceReader(config);
  const visitorOrigin = new URL(config.visitorUrl).origin;

  app.get<{ Params: { file: string } }>(
    `${RUNTIME_ASSETS_PREFIX}:file`,
    hide,
    async (request, reply) => {
      const { file } = request.params;
      const match = ASSET_NAME.exec(file);
      const found = match ? runtime.file(path.join("assets", file)) : undefined;
      if (!match || !found) {
        return reply.status(404).header("cache-control", "no-cache").send("Not found");
      }
      return reply
        .header("content-type", CONTENT_TYPES[match[2] ?? "js"] ?? "application/octet-stream")
        .header("cache-control", IMMUTABLE)
        .header("etag", found.etag)
        .send(found.body);
    },
  );

  // The loader on the app's origin, for snippets pasted before the visitor origin existed:
  // pinned to the visitor origin (docs/embed.md "Origins"), made once per build of the file.
  const appLoaders = new WeakMap<StaticFile, StaticFile>();
  const appLoader = (found: StaticFile): StaticFile => {
    let made = appLoaders.get(found);
    if (!made) {
      const pinned = pinLoaderOrigin(found.body.toString("utf8"), visitorOrigin);
      if (pinned === undefined) {
        app.log.error(
          "embed.js has no single origin expression to pin: the app's origin forwards to the visitor origin's copy",
        );
      }
      const body = Buffer.from(pinned ?? loaderForwardScript(visitorOrigin));
      made = { body, etag: `"a${found.etag.slice(1)}` };
      appLoaders.set(found, made);
    }
    return made;
  };

  for (const name of ["embed.js", "embed-ui.js"]) {
    app.get(`/${name}`, hide, async (request, reply) => {
      const built = runtime.file(name);
      reply.header("cross-origin-resource-policy", "cross-origin");
      if (!built) {
        return reply
          .status(503)
          .header("cache-control", "no-store")
          .header("content-type", "text/javascript; charset=utf-8")
          .send(
            `/* Leadquiz: ${name} is not built (npm start builds it; or npm run build:embed -w @leadquiz/runtime). */`,
          );
      }
      const found =
        name === "embed.js" && surfaceOf(request.raw) === "app" ? appLoader(built) : built;
      reply.header("etag", found.etag).header("cache-control", EMBED_CACHE);
      if (etagMatches(request.headers["if-none-match"], found.etag)) {
        return reply.status(304).send();
      }
      return reply.header("content-type", "text/javascript; charset=utf-8").send(found.body);
    });
  }
}
