import { profilesEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { portfolioFiles, profileFileRules } from "./profile-file-fields";
import { profileUploads } from "./profile-uploads";
import { createProfilesService } from "./profiles.service";

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

    defineRoute(routes, endpoints.getProfile, async (request) => service.get(request.userId));

    defineRoute(
      routes,
      endpoints.updateProfile,
      async (request) =>
        service.update(request.userId, request.body, profileFiles.filesOf(request)),
      { preValidation: profileFiles.preValidation, onSend: profileFiles.onSend },
    );

    defineRoute(routes, endpoints.listPortfolio, async (request) =>
      service.listPortfolio(request.userId),
    );

    defineRoute(
      routes,
      endpoints.createPortfolioItem,
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
      { preValidation: newItemFiles.preValidation, onSend: newItemFiles.onSend },
    );

    defineRoute(
      routes,
      endpoints.updatePortfolioItem,
      async (request) =>
        service.updatePortfolioItem(
          request.userId,
          request.params.id,
          request.body,
          itemFiles.filesOf(request),
        ),
      { preValidation: itemFiles.preValidation, onSend: itemFiles.onSend },
    );

    defineRoute(routes, endpoints.deletePortfolioItem, async (request, reply) => {
      await service.deletePortfolioItem(request.userId, request.params.id);
      return reply.status(204).send();
    });

    defineRoute(routes, endpoints.getRating, async (request) =>
      service.rating(request.userId, request.query),
    );
  });

  defineRoute(app, endpoints.getPublicProfile, async (request) =>
    service.publicProfile(request.params.slug),
  );
}
