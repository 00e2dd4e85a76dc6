import { z } from "zod";
import { errorBodySchema, validationErrorBodySchema } from "../errors";
import {
  AVATAR_MAX_MB,
  CERTIFICATE_MAX_MB,
  PORTFOLIO_FILE_MAX_MB,
  portfolioCreateSchema,
  portfolioItemSchema,
  portfolioListSchema,
  portfolioUpdateSchema,
  profileSchema,
  profileUpdateSchema,
  publicProfileParamsSchema,
  publicProfileSchema,
  ratingPageSchema,
  ratingQuerySchema,
} from "../profiles";
import { idParamsSchema } from "../quiz-common";
import { endpoint } from "./endpoint";

const tags = ["profile and rating"];

/**
 * The file parts each multipart route takes (docs/profile-rating.md "Files"); the OpenAPI
 * document names them too (plugins/openapi.ts).
 */

const answers = { 400: validationErrorBodySchema, 401: errorBodySchema } as const;

/** The operations of apps/server's profiles.routes.ts (docs/api.md). */
export const profilesEndpoints = {
  getProfile: endpoint({
    method: "GET",
    path: "/profile/",
    operationId: "getProfile",
    tags,
    summary: "The caller's specialist profile",
    description:
      "Made on the first read from the account's name and e-mail (private). `slug` " +
      "follows the name until the profile is first made public, then never changes.",
    responses: { 200: profileSchema, 401: errorBodySchema },
  }),
  updateProfile: endpoint({
    method: "PATCH",
    path: "/profile/",
    operationId: "updateProfile",
    tags,
    summary: "Changes the caller's specialist profile",
    description:
      "Any subset. JSON, or multipart with the fields as text parts and the file " +
      `parts \`avatar\` (an image, at most ${AVATAR_MAX_MB} MB) and \`certificate\` ` +
      `(an image or a PDF, at most ${CERTIFICATE_MAX_MB} MB); \`null\` clears a file. ` +
      "A file too big or of another type answers 400 on its field and nothing is " +
      "stored. Texts are plain text (HTML is kept as typed and shown escaped).",
    body: profileUpdateSchema,
    responses: { 200: profileSchema, ...answers },
  }),
  listPortfolio: endpoint({
    method: "GET",
    path: "/portfolio/",
    operationId: "listPortfolio",
    tags,
    summary: "The caller's portfolio",
    description: "Oldest first.",
    responses: { 200: portfolioListSchema, 401: errorBodySchema },
  }),
  createPortfolioItem: endpoint({
    method: "POST",
    path: "/portfolio/",
    operationId: "createPortfolioItem",
    tags,
    summary: "Adds a portfolio item",
    description:
      "JSON, or multipart with the text parts and the file part `file` (an image or " +
      `a PDF, at most ${PORTFOLIO_FILE_MAX_MB} MB). At most 30 items.`,
    body: portfolioCreateSchema,
    responses: { 201: portfolioItemSchema, ...answers },
  }),
  updatePortfolioItem: endpoint({
    method: "PATCH",
    path: "/portfolio/{id}/",
    operationId: "updatePortfolioItem",
    tags,
    summary: "Changes a portfolio item",
    description:
      "Any subset; multipart with a `file` part replaces the file, `file: null` " +
      "clears it. Another account's item answers 404.",
    params: idParamsSchema,
    body: portfolioUpdateSchema,
    responses: { 200: portfolioItemSchema, ...answers, 404: errorBodySchema },
  }),
  deletePortfolioItem: endpoint({
    method: "DELETE",
    path: "/portfolio/{id}/",
    operationId: "deletePortfolioItem",
    tags,
    summary: "Deletes a portfolio item",
    description: "Another account's item answers 404.",
    params: idParamsSchema,
    responses: { 204: z.void(), ...answers, 404: errorBodySchema },
  }),
  getRating: endpoint({
    method: "GET",
    path: "/rating/",
    operationId: "getRating",
    tags,
    summary: "The rating of public profiles",
    description:
      "By score, then the earlier profile, then id; 20 per page, `next` is the cursor " +
      "of the following page. `country`/`city` default to the caller's profile's " +
      "(scope `country` needs a country, `city` a country and a city: else 400). " +
      "`own` is the caller's entry in the scope (null when private or elsewhere).",
    query: ratingQuerySchema,
    responses: { 200: ratingPageSchema, ...answers },
  }),
  getPublicProfile: endpoint({
    method: "GET",
    path: "/public/profile/{slug}/",
    operationId: "getPublicProfile",
    tags,
    summary: "A public specialist profile",
    description:
      "No account. 404 for a private or unknown slug. No e-mail. Also shown as a page " +
      "at /u/{slug}.",
    params: publicProfileParamsSchema,
    responses: {
      200: publicProfileSchema,
      400: validationErrorBodySchema,
      404: errorBodySchema,
    },
  }),
} as const;
