import type { AppContext } from "../../app-context";
import { type CachedQuiz, createPublicationService } from "../publication";
import { tariffEndedFor } from "../tariffs";
import { findLandingBySubdomain, type LandingPublication } from "./public-pages.repository";

export type PublicPagesService = ReturnType<typeof createPublicPagesService>;

/** What the visitor pages show: a live quiz by public key, a landing by subdomain. */
export function createPublicPagesService(ctx: Pick<AppContext, "db" | "database">) {
  const publication = createPublicationService(ctx);
  return {
    /**
     * The live quiz as this process keeps it (docs/speed.md "Published quiz cache");
     * undefined when there is none, `"tariff_ended"` while its owner's tariff has ended
     * (docs/money.md "Limits").
     */
    quiz: (publicKey: string): Promise<CachedQuiz | "tariff_ended" | undefined> =>
      publication.cached(publicKey),

    /** The live quiz if this process keeps it, at once (the fast read); undefined: ask `quiz`. */
    kept: (publicKey: string): CachedQuiz | undefined => publication.kept(publicKey),

    /** The landing of a subdomain with its quiz's latest snapshot, when visitors may see it. */
    async landing(subdomain: string): Promise<LandingPublication | "tariff_ended" | undefined> {
      const found = await findLandingBySubdomain(ctx.db, subdomain);
      if (!found) return undefined;
      return (await tariffEndedFor(ctx.db, found.ownerId)) ? "tariff_ended" : found;
    },
  };
}
