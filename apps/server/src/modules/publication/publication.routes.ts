import type { IncomingHttpHeaders } from "node:http";
import { API_PREFIX, publicationEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { etagMatches } from "../../lib/http-cache";
import { pickEncoding } from "../../lib/precompressed";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { type FastAnswer, sendFastAnswer } from "../../plugins/fast-reads";
import { createPublishingWorkflow } from "../../workflows/publishing";
import { createVersionRestoreWorkflow } from "../../workflows/version-restore";
import { createPublicationService } from "./publication.service";
import type { PublishedQuizBody } from "./published-quiz-cache";

/**
 * Visitors' caches: one minute fresh, then served stale for ten while revalidating (a 304
 * on an unchanged ETag). Publishing makes a new version and so a new ETag; a hidden or
 * deleted quiz may be served from caches for at most that minute.
 */
export const PUBLIC_QUIZ_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";

/**
 * The answer to `GET public/quiz/{key}/` for the kept body: 304 when `If-None-Match` names
 * its ETag, else the bytes in the best encoding the visitor accepts, compressed once per
 * version (docs/speed.md "Published quiz cache"), past the serializer. The route and the
 * fast read (below) both send it.
 */
export function quizReadAnswer(body: PublishedQuizBody, request: IncomingHttpHeaders): FastAnswer {
  const headers: FastAnswer["headers"] = {
    etag: body.etag,
    "cache-control": PUBLIC_QUIZ_CACHE_CONTROL,
    vary: "accept-encoding",
  };
  if (etagMatches(request["if-none-match"], body.etag)) return { status: 304, headers };
  const { bytes, encoding } = pickEncoding(body, request["accept-encoding"]);
  headers["content-type"] = "application/json; charset=utf-8";
  if (encoding) headers["content-encoding"] = encoding;
  return { status: 200, headers, body: bytes };
}

/** `/api/v1/public/quiz/{key}/` (the trailing slash optional, as Fastify routes it). */
// (API_PREFIX, "/api/v1", holds no character special in a pattern.)
const PUBLIC_QUIZ_PATH = new RegExp(`^${API_PREFIX}/public/quiz/([A-Za-z0-9_-]{1,64})/?$`);

/**
 * `POST publication-quiz/`, `PUT quiz/{id}/publish/` (owner) and `GET public/quiz/{key}/`
 * (visitors, no account). No CORS on the public read: visitors' pages never call it
 * cross-origin — the quiz runs in an iframe of this origin (`/q/{key}`), whose HTML
 * already carries the snapshot.
 */
export async function publicationRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createPublicationService(context);
  // A kept quiz is answered before Fastify (docs/speed.md "Fast reads"); the route below
  // answers everything else, the same way.
  context.fastReads.add(`${API_PREFIX}/public/quiz/`, (pathname, _query, request) => {
    const key = PUBLIC_QUIZ_PATH.exec(pathname)?.[1];
    const kept = key === undefined ? undefined : service.kept(key);
    return kept && quizReadAnswer(kept.body, request.headers);
  });
  const publishing = createPublishingWorkflow(context);
  const versionRestore = createVersionRestoreWorkflow(context);

  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    defineRoute(routes, endpoints.publishQuiz, async (request, reply) =>
      reply.status(201).send(await publishing.publish(request.userId, request.body.quiz)),
    );

    defineRoute(routes, endpoints.setQuizPublished, async (request) =>
      publishing.setPublished(request.userId, request.params.id, request.body.is_published),
    );

    defineRoute(routes, endpoints.getQuizDraftSnapshot, async (request, reply) => {
      reply.header("cache-control", "no-store");
      return publishing.draftSnapshot(request.userId, request.params.id);
    });

    defineRoute(routes, endpoints.listQuizPublications, async (request) =>
      publishing.versions(request.userId, request.params.id),
    );

    defineRoute(routes, endpoints.getQuizPublication, async (request) =>
      publishing.versionSnapshot(request.userId, request.params.id, request.params.version),
    );

    defineRoute(routes, endpoints.restoreQuizPublication, async (request) =>
      versionRestore.restore(request.userId, request.params.id, request.params.version),
    );
  });

  defineRoute(app, endpoints.getPublishedQuiz, async (request, reply) => {
    const body = await service.live(request.params.public_key);
    // A Buffer is sent as it is (Fastify skips the serializer); the 200 schema still
    // documents what these bytes hold (publicQuizSchema, checked when the body was built).
    return sendFastAnswer(reply, quizReadAnswer(body, request.headers));
  });
}
