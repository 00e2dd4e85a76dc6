import type { LandingSection, PublicQuiz } from "@leadquiz/contract";
import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { projects, quizConfigs, quizPublications, quizzes } from "../../db/schema";
import type { Stored } from "../../db/schema/stored-json";
import { quizLiveForVisitors } from "../../policies/ownership";

export interface LandingPublication {
  landing: Stored<Omit<LandingSection, "subdomain">>;
  snapshot: PublicQuiz;
  ownerId: number;
}

/**
 * The landing of a subdomain (case ignored, as its unique index) with the latest snapshot
 * of its quiz, when visitors may see the quiz (published, shown, quiz and project live).
 */
export async function findLandingBySubdomain(
  db: DbOrTx,
  subdomain: string,
): Promise<LandingPublication | undefined> {
  const rows = await db
    .select({
      landing: quizConfigs.landing,
      snapshot: quizPublications.snapshot,
      ownerId: projects.userId,
    })
    .from(quizConfigs)
    .innerJoin(quizzes, eq(quizzes.id, quizConfigs.quizId))
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .innerJoin(quizPublications, eq(quizPublications.quizId, quizzes.id))
    .where(and(sql`lower(${quizConfigs.subdomain}) = lower(${subdomain})`, quizLiveForVisitors()))
    .orderBy(desc(quizPublications.version))
    .limit(1);
  return rows[0];
}
