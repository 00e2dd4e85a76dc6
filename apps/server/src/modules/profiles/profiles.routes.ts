import {
  AVATAR_MAX_MB,
  apiPaths,
  CERTIFICATE_MAX_MB,
  errorBodySchema,
  idParamsSchema,
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
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { portfolioFiles, profileFileRules } from "./profile-file-fields";
import { profileUploads } from "./profile-uploads";
import { createProfilesService } from "./profiles.service";

const tags = ["profile and rating"];

/**
 * The file parts each multipart route takes (docs/profile-rating.md "Files"); the OpenAPI
 * document names them too (plugins/openapi.ts).
 */

const answers = { 400: validationErrorBodySchema, 401: errorBodySchema } as const;

/**
 * GET/PATCH profile/, GET/POST portfolio/, PATCH/DELETE portfolio/{id}/, GET rating/ (signed
 * in) and GET public/profile/{slug}/ (no account); docs/profile-rating.md.
 */
export async function profilesRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createProfilesService(context);
  const deps = { storage: () => app.media.storage, dataDir: context.config.dataDir };
  const profileFiles = profileUploads(deps, profileFileRules);
  const newItemFiles = profileUploads(deps, portfolioFiles);
  const itemFiles = profileUploads(deps, portfolioFiles);

  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      apiPaths.profile,
      {
        schema: {
          tags,
          summary: "The caller's specialist profile",
          description:
            "Made on the first read from the account's name and e-mail (private). `slug` " +
            "follows the name until the profile is first made public, then never changes.",
          response: { 200: profileSchema, 401: errorBodySchema },
        },
      },
      async (request) => service.get(request.userId),
    );

    routes.patch(
      apiPaths.profile,
      {
        preValidation: profileFiles.preValidation,
        onSend: profileFiles.onSend,
        schema: {
          tags,
          summary: "Changes the caller's specialist profile",
          description:
            "Any subset. JSON, or multipart with the fields as text parts and the file " +
            `parts \`avatar\` (an image, at most ${AVATAR_MAX_MB} MB) and \`certificate\` ` +
            `(an image or a PDF, at most ${CERTIFICATE_MAX_MB} MB); \`null\` clears a file. ` +
            "A file too big or of another type answers 400 on its field and nothing is " +
            "stored. Texts are plain text (HTML is kept as typed and shown escaped).",
          body: profileUpdateSchema,
          response: { 200: profileSchema, ...answers },
        },
      },
      async (request) =>
        service.update(request.userId, request.body, profileFiles.filesOf(request)),
    );

    routes.get(
      apiPaths.portfolio,
      {
        schema: {
          tags,
          summary: "The caller's portfolio",
          description: "Oldest first.",
          response: { 200: portfolioListSchema, 401: errorBodySchema },
        },
      },
      async (request) => service.listPortfolio(request.userId),
    );

    routes.post(
      apiPaths.portfolio,
      {
        preValidation: newItemFiles.preValidation,
        onSend: newItemFiles.onSend,
        schema: {
          tags,
          summary: "Adds a portfolio item",
          description:
            "JSON, or multipart with the text parts and the file part `file` (an image or " +
            `a PDF, at most ${PORTFOLIO_FILE_MAX_MB} MB). At most 30 items.`,
          body: portfolioCreateSchema,
          response: { 201: portfolioItemSchema, ...answers },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await service.createPortfolioItem(
              request.userId,
              request.body,
              newItemFiles.filesOf(request),
            ),
          ),
    );

    routes.patch(
      apiPaths.portfolioById(":id"),
      {
        preValidation: itemFiles.preValidation,
        onSend: itemFiles.onSend,
        schema: {
          tags,
          summary: "Changes a portfolio item",
          description:
            "Any subset; multipart with a `file` part replaces the file, `file: null` " +
            "clears it. Another account's item answers 404.",
          params: idParamsSchema,
          body: portfolioUpdateSchema,
          response: { 200: portfolioItemSchema, ...answers, 404: errorBodySchema },
        },
      },
      async (request) =>
        service.updatePortfolioItem(
          request.userId,
          request.params.id,
          request.body,
          itemFiles.filesOf(request),
        ),
    );

    routes.delete(
      apiPaths.portfolioById(":id"),
      {
        schema: {
          tags,
          summary: "Deletes a portfolio item",
          description: "Another account's item answers 404.",
          params: idParamsSchema,
          response: { 204: z.void(), ...answers, 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        await service.deletePortfolioItem(request.userId, request.params.id);
        return reply.status(204).send();
      },
    );

    routes.get(
      apiPaths.rating,
      {
        schema: {
          tags,
          summary: "The rating of public profiles",
          description:
            "By score, then the earlier profile, then id; 20 per page, `next` is the cursor " +
            "of the following page. `country`/`city` default to the caller's profile's " +
            "(scope `country` needs a country, `city` a country and a city: else 400). " +
            "`own` is the caller's entry in the scope (null when private or elsewhere).",
          querystring: ratingQuerySchema,
          response: { 200: ratingPageSchema, ...answers },
        },
      },
      async (request) => service.rating(request.userId, request.query),
    );
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.publicProfile(":slug"),
    {
      schema: {
        tags,
        summary: "A public specialist profile",
        description:
          "No account. 404 for a private or unknown slug. No e-mail. Also shown as a page " +
          "at /u/{slug}.",
        params: publicProfileParamsSchema,
        response: {
          200: publicProfileSchema,
          400: validationErrorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => service.publicProfile(request.params.slug),
  );
}
