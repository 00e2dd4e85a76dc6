import type { PublicQuiz } from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import { createPublicationService } from "../publication";
import { tariffEndedFor } from "../tariffs";
import { findLandingBySubdomain, type LandingPublication } from "./public-pages.repository";

export type PublicPagesService = ReturnType<typeof createPublicPagesService>;

/** What the visitor pages show: a live quiz by public key, a landing by subdomain. */
export function createPublicPagesService(ctx: Pick<AppContext, "db" | "database">) {
  const publication = createPublicationService(ctx);
  return {
    /**
     * The latest snapshot of a live quiz; undefined when there is none, `"tariff_ended"`
     * while its owner's tariff has ended (docs/money.md "Limits").
     */
    async quiz(publicKey: string): Promise<PublicQuiz | "tariff_ended" | undefined> {
      const found = await publication.findLive(publicKey);
      if (!found) return undefined;
      return found.tariffEnded ? "tariff_ended" : found.snapshot;
    },

    /** The landing of a subdomain with its quiz's latest snapshot, when visitors may see it. */
    async landing(subdomain: string): Promise<LandingPublication | "tariff_ended" | undefined> {
      const found = await findLandingBySubdomain(ctx.db, subdomain);
      if (!found) return undefined;
      return (await tariffEndedFor(ctx.db, found.ownerId)) ? "tariff_ended" : found;
    },
  };
}
