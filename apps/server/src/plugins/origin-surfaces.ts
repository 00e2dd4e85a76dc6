import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { AppConfig } from "../config";
import { AppError } from "../lib/app-error";
import { surfaceReader } from "../lib/origins";

/**
 * Pages of owners' content, served on the visitor origin only: hosted quizzes and the
 * embed's sample site (`/q/…`, but not the editor's preview `/q/-/preview`), landings
 * (`/l/…`) and public profiles (`/u/…`).
 */
const VISITOR_PAGE = /^\/(q\/(?!-\/preview\/?$)|l\/|u\/)/;

/**
 * What both origins answer: the runtime's assets (the editor's preview loads them from the
 * app's origin), the embed loader (old snippets load it from PUBLIC_URL; the app's copy
 * points at the visitor origin), uploaded media and fonts (the editor shows them, published
 * quizzes link them), the visitors' cookie-less API calls, the health check, and the
 * operator's privacy policy and terms.
 */
const BOTH = new RegExp(
  [
    "^/runtime/assets/",
    "^/embed(-ui)?\\.js$",
    "^/media/",
    "^/fonts/",
    "^/api/v1/public/",
    "^/api/v1/(client-sessions|health)/?$",
    "^/(en|ru|uk)/u/(privacy_policy_page|terms_page)/?$",
  ].join("|"),
);

const API = /^\/api(\/|$)/;

/**
 * Keeps owners' content and the owner app on their own origins (docs/adr/0016-visitor-origin.md),
 * for every request Fastify routes (the fast reads check the host themselves):
 *
 * - on the app's host, a visitor page answers 308 with the same path and query on the
 *   visitor origin, so links of `{PUBLIC_URL}/q/{key}` made before keep working;
 * - on a visitor host, anything but the visitor pages and what both answer is refused: API
 *   calls with 404 (no owner call is ever answered there), other GET and HEAD with a 302 to
 *   the same address on PUBLIC_URL (the owner app is never rendered there), the rest 404.
 */
export const originSurfacesPlugin = fp(
  async (
    app: FastifyInstance,
    {
      config,
    }: { config: Pick<AppConfig, "publicUrl" | "visitorUrl" | "landingHost" | "trustProxy"> },
  ) => {
    const surfaceOf = surfaceReader(config);
    // A callback hook: it runs on every request, and an async one costs a promise each.
    app.addHook("onRequest", (request, reply, done) => {
      const url = request.url;
      const query = url.indexOf("?");
      const path = query === -1 ? url : url.slice(0, query);
      const reading = request.method === "GET" || request.method === "HEAD";
      if (surfaceOf(request.raw) === "app") {
        // A response sent from a hook ends the request: `done` is not called then.
        if (reading && VISITOR_PAGE.test(path)) reply.redirect(`${config.visitorUrl}${url}`, 308);
        else done();
        return;
      }
      if (VISITOR_PAGE.test(path) || BOTH.test(path)) done();
      else if (API.test(path) || !reading) done(new AppError("not_found"));
      else reply.redirect(`${config.publicUrl}${url}`, 302);
    });
  },
  { name: "origin-surfaces" },
);
