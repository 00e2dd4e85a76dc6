import { profileSlugField } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { languageFromAcceptLanguage } from "../../lib/request-language";
import { profileNotFoundHtml, profilePageHtml } from "./profile-page";
import { createProfilesService } from "./profiles.service";

const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * GET /u/{slug}: the public specialist profile as a server-rendered page, readable without
 * an account, in the language of Accept-Language (en, ru, uk); 404 page for a private or
 * unknown slug (docs/profile-rating.md "Public page"). Registered before the owner app's
 * catch-all route.
 */
export async function profilePagePlugin(
  app: FastifyInstance,
  { context }: { context: Pick<AppContext, "db" | "config"> },
) {
  const service = createProfilesService(context);
  app.get<{ Params: { slug: string } }>(
    "/u/:slug",
    // An HTML page, not an API operation: left out of the OpenAPI document.
    { schema: { hide: true } },
    async (request, reply) => {
      const language = languageFromAcceptLanguage(request.headers["accept-language"]);
      reply
        .type("text/html; charset=utf-8")
        .header("content-security-policy", CSP)
        .header("vary", "accept-language");
      const slug = profileSlugField.safeParse(request.params.slug);
      try {
        if (!slug.success) throw new AppError("not_found");
        const profile = await service.publicProfile(slug.data);
        // Revalidated on every view: a profile made private must stop showing at once.
        reply.header("cache-control", "no-cache");
        return profilePageHtml(profile, language, context.config);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== "not_found") throw error;
        reply.status(404).header("cache-control", "no-store");
        return profileNotFoundHtml(language);
      }
    },
  );
}
