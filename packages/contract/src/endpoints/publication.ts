import { z } from "zod";
import { errorBodySchema, validationErrorBodySchema } from "../errors";
import { publicQuizSchema } from "../public-quiz";
import { idParamsSchema } from "../quiz-common";
import {
  publicationRequestSchema,
  publicationSchema,
  publicationVersionListSchema,
  publicationVersionParamsSchema,
  quizPublishRequestSchema,
  quizSchema,
} from "../quizzes";
import { endpoint } from "./endpoint";

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
const PUBLIC_QUIZ_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";

/** The operations of apps/server's publication.routes.ts (docs/api.md). */
export const publicationEndpoints = {
  publishQuiz: endpoint({
    method: "POST",
    path: "/publication-quiz/",
    operationId: "publishQuiz",
    tags,
    summary: "Publishes the current draft as a new snapshot",
    description:
      "Stores the draft as the immutable snapshot version n+1 (what visitors get from " +
      "now on) and shows the quiz; `has_unpublished_changes` turns false until the " +
      "next change. 403 `tariff_expired` while the account's tariff has ended (no " +
      "tariffs yet: always allowed). Another account's quiz answers 404.",
    body: publicationRequestSchema,
    responses: { 201: publicationSchema, ...errors },
  }),
  setQuizPublished: endpoint({
    method: "PUT",
    path: "/quiz/{id}/publish/",
    operationId: "setQuizPublished",
    tags,
    summary: "Shows or hides the published quiz",
    description:
      "`is_published: false` hides it from visitors (404 for them); `true` shows the " +
      "latest snapshot again, or takes the first one when the quiz was never " +
      "published. Answers the Quiz. 403 `tariff_expired` as for publishing.",
    params: idParamsSchema,
    body: quizPublishRequestSchema,
    responses: { 200: quizSchema, ...errors },
  }),
  getQuizDraftSnapshot: endpoint({
    method: "GET",
    path: "/quiz/{id}/preview/",
    operationId: "getQuizDraftSnapshot",
    tags,
    summary: "The current draft as visitors would get it (the editor's preview)",
    description:
      "The snapshot publishing would store now, built from the draft and stored " +
      "nowhere; `version` is the number the next publish takes. Unlike the public " +
      "read, results and points are always included: the preview computes them " +
      "locally instead of sending a lead. Another account's quiz answers 404.",
    params: idParamsSchema,
    responses: { 200: publicQuizSchema, ...errors },
  }),
  listQuizPublications: endpoint({
    method: "GET",
    path: "/quiz/{id}/publications/",
    operationId: "listQuizPublications",
    tags,
    summary: "The published versions of a quiz (version history)",
    description:
      "Every snapshot the quiz was published with, newest first, with its date and " +
      "title; `is_live` marks the one visitors get now. Another account's quiz: 404.",
    params: idParamsSchema,
    responses: { 200: publicationVersionListSchema, ...errors },
  }),
  getQuizPublication: endpoint({
    method: "GET",
    path: "/quiz/{id}/publications/{version}/",
    operationId: "getQuizPublication",
    tags,
    summary: "One published version's snapshot",
    description:
      "The snapshot as it was stored at publishing (for previewing an old version). " +
      "404 when the quiz is another account's or has no such version.",
    params: publicationVersionParamsSchema,
    responses: { 200: publicQuizSchema, ...errors },
  }),
  restoreQuizPublication: endpoint({
    method: "POST",
    path: "/quiz/{id}/publications/{version}/restore/",
    operationId: "restoreQuizPublication",
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
    responses: { 200: quizSchema, ...errors },
  }),
  getPublishedQuiz: endpoint({
    method: "GET",
    path: "/public/quiz/{public_key}/",
    operationId: "getPublishedQuiz",
    tags,
    summary: "The published quiz, for visitors",
    description:
      "No account. The latest snapshot (no owner data, no secrets); 404 when the quiz " +
      "is unpublished, hidden or deleted (or its project is). Cacheable: `ETag` per " +
      `snapshot version, \`Cache-Control: ${PUBLIC_QUIZ_CACHE_CONTROL}\`, 304 on ` +
      "`If-None-Match`. No CORS: the runtime reads it from this origin.",
    params: publicKeyParamsSchema,
    responses: {
      200: publicQuizSchema,
      304: z.void().describe("Not Modified"),
      400: validationErrorBodySchema,
      404: errorBodySchema,
    },
  }),
} as const;
