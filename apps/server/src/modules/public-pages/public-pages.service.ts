import type { PublicQuiz } from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import { createPublicationService } from "../publication";
import { findLandingBySubdomain, type LandingPublication } from "./public-pages.repository";

export type PublicPagesService = ReturnType<typeof createPublicPagesService>;

/** What the visitor pages show: a live quiz by public key, a landing by subdomain. */
export function createPublicPagesService(ctx: Pick<AppContext, "db">) {
  const publication = createPublicationService(ctx);
  return {
    /** The latest snapshot of a live quiz; undefined when visitors may not see it. */
    async quiz(publicKey: string): Promise<PublicQuiz | undefined> {
      return (await publication.findLive(publicKey))?.snapshot;
    },

    /** The landing of a subdomain with its quiz's latest snapshot, when visitors may see it. */
    async landing(subdomain: string): Promise<LandingPublication | undefined> {
      return findLandingBySubdomain(ctx.db, subdomain);
    },
  };
}
