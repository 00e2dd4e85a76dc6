import type { IncomingHttpHeaders } from "node:http";
import {
  API_PREFIX,
  apiPaths,
  errorBodySchema,
  idParamsSchema,
  publicationRequestSchema,
  publicationSchema,
  publicationVersionListSchema,
  publicationVersionParamsSchema,
  publicQuizSchema,
  quizPublishRequestSchema,
  quizSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { etagMatches } from "../../lib/http-cache";
import { pickEncoding } from "../../lib/precompressed";
import { authenticatedContext } from "../../plugins/authenticate";
import { type FastAnswer, sendFastAnswer } from "../../plugins/fast-reads";
import { createPublishingWorkflow } from "../../workflows/publishing";
import { createVersionRestoreWorkflow } from "../../workflows/version-restore";
import { createPublicationService } from "./publication.service";
import type { PublishedQuizBody } from "./published-quiz-cache";

const tags = ["publishing"];
const errors = {
  400: validationErrorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** A public key as visitors' URLs carry it; anything unknown is simply a 404. */
const publicKeyParamsSchema = z.object({ public_key: z.string().min(1).max(64) });

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

    routes.post(
      apiPaths.publicationQuiz,
      {
        schema: {
          tags,
          summary: "Publishes the current draft as a new snapshot",
          description:
            "Stores the draft as the immutable snapshot version n+1 (what visitors get from " +
            "now on) and shows the quiz; `has_unpublished_changes` turns false until the " +
            "next change. 403 `tariff_expired` while the account's tariff has ended (no " +
            "tariffs yet: always allowed). Another account's quiz answers 404.",
          body: publicationRequestSchema,
          response: { 201: publicationSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await publishing.publish(request.userId, request.body.quiz)),
    );

    routes.put(
      apiPaths.quizPublish(":id"),
      {
        schema: {
          tags,
          summary: "Shows or hides the published quiz",
          description:
            "`is_published: false` hides it from visitors (404 for them); `true` shows the " +
            "latest snapshot again, or takes the first one when the quiz was never " +
            "published. Answers the Quiz. 403 `tariff_expired` as for publishing.",
          params: idParamsSchema,
          body: quizPublishRequestSchema,
          response: { 200: quizSchema, ...errors },
        },
      },
      async (request) =>
        publishing.setPublished(request.userId, request.params.id, request.body.is_published),
    );

    routes.get(
      apiPaths.quizPreview(":id"),
      {
        schema: {
          tags,
          summary: "The current draft as visitors would get it (the editor's preview)",
          description:
            "The snapshot publishing would store now, built from the draft and stored " +
            "nowhere; `version` is the number the next publish takes. Unlike the public " +
            "read, results and points are always included: the preview computes them " +
            "locally instead of sending a lead. Another account's quiz answers 404.",
          params: idParamsSchema,
          response: { 200: publicQuizSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        return publishing.draftSnapshot(request.userId, request.params.id);
      },
    );

    routes.get(
      apiPaths.quizPublications(":id"),
      {
        schema: {
          tags,
          summary: "The published versions of a quiz (version history)",
          description:
            "Every snapshot the quiz was published with, newest first, with its date and " +
            "title; `is_live` marks the one visitors get now. Another account's quiz: 404.",
          params: idParamsSchema,
          response: { 200: publicationVersionListSchema, ...errors },
        },
      },
      async (request) => publishing.versions(request.userId, request.params.id),
    );

    routes.get(
      apiPaths.quizPublicationVersion(":id", ":version"),
      {
        schema: {
          tags,
          summary: "One published version's snapshot",
          description:
            "The snapshot as it was stored at publishing (for previewing an old version). " +
            "404 when the quiz is another account's or has no such version.",
          params: publicationVersionParamsSchema,
          response: { 200: publicQuizSchema, ...errors },
        },
      },
      async (request) =>
        publishing.versionSnapshot(request.userId, request.params.id, request.params.version),
    );

    routes.post(
      apiPaths.quizPublicationRestore(":id", ":version"),
      {
        schema: {
          tags,
          summary: "Restores a published version as the draft",
          description:
            "Rewrites the draft from the version's snapshot in one transaction: its " +
            "questions, answers, conditions, results, enabled form fields and additions, " +
            "start page, design, contact form and results settings, keeping their ids; " +
            "what was added since is removed (fields and additions are switched off). " +
            "Kept as they are: `is_right` of answers, `send_to_email` of results, the " +
            "quiz's config. Visitors keep the live snapshot until the next publish. " +
            "Answers the Quiz (`has_unpublished_changes` true). 404 for another account's " +
            "quiz or a version it does not have.",
          params: publicationVersionParamsSchema,
          response: { 200: quizSchema, ...errors },
        },
      },
      async (request) =>
        versionRestore.restore(request.userId, request.params.id, request.params.version),
    );
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.publicQuiz(":public_key"),
    {
      schema: {
        tags,
        summary: "The published quiz, for visitors",
        description:
          "No account. The latest snapshot (no owner data, no secrets); 404 when the quiz " +
          "is unpublished, hidden or deleted (or its project is). Cacheable: `ETag` per " +
          `snapshot version, \`Cache-Control: ${PUBLIC_QUIZ_CACHE_CONTROL}\`, 304 on ` +
          "`If-None-Match`. No CORS: the runtime reads it from this origin.",
        params: publicKeyParamsSchema,
        response: {
          200: publicQuizSchema,
          304: z.void().describe("Not Modified"),
          400: validationErrorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const body = await service.live(request.params.public_key);
      // A Buffer is sent as it is (Fastify skips the serializer); the 200 schema still
      // documents what these bytes hold (publicQuizSchema, checked when the body was built).
      return sendFastAnswer(reply, quizReadAnswer(body, request.headers));
    },
  );
}
