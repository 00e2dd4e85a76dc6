import type { Publication, PublicQuiz, Quiz } from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import type { Transaction } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { publicQuizUrl, type QuizRow } from "../quizzes/quizzes.presenter";
import { findOwnedQuiz } from "../quizzes/quizzes.repository";
import { createQuizzesService } from "../quizzes/quizzes.service";
import { buildPublicQuiz } from "./public-quiz.builder";
import {
  findLivePublication,
  insertPublication,
  latestVersion,
  markPublished,
  setVisibility,
} from "./publication.repository";
import { assertTariffAllowsPublishing } from "./tariff-gate";

export type PublicationService = ReturnType<typeof createPublicationService>;

/**
 * Publishing (design/api.md "Publishing"): `publish` stores the current draft as the
 * immutable snapshot version n+1 and shows the quiz; `setPublished` shows or hides it
 * (showing a quiz never snapshotted snapshots it first); `live` is what visitors get.
 * The quiz row is locked for the transaction, so a publish and a concurrent content change
 * serialise: a change committed after the snapshot bumps draft_version past it.
 */
export function createPublicationService(ctx: Pick<AppContext, "db" | "config">) {
  const { db, config } = ctx;
  const quizzesService = createQuizzesService(ctx);

  async function snapshot(tx: Transaction, quiz: QuizRow): Promise<Publication> {
    const version = (await latestVersion(tx, quiz.id)) + 1;
    const built = await buildPublicQuiz(tx, quiz.id, config, version);
    const { createdAt } = await insertPublication(tx, {
      quizId: quiz.id,
      version,
      draftVersion: quiz.draftVersion,
      snapshot: built,
    });
    await markPublished(tx, quiz.id, quiz.draftVersion, createdAt);
    return {
      quiz: quiz.id,
      version,
      published_at: createdAt.toISOString(),
      public_url: publicQuizUrl(config.publicUrl, quiz.publicKey),
    };
  }

  return {
    async publish(userId: number, quizId: number): Promise<Publication> {
      return db.transaction(async (tx) => {
        const quiz = await findOwnedQuiz(tx, userId, quizId, true);
        if (!quiz) throw new AppError("not_found");
        await assertTariffAllowsPublishing(tx, userId, "publish");
        return snapshot(tx, quiz);
      });
    },

    async setPublished(userId: number, quizId: number, isPublished: boolean): Promise<Quiz> {
      await db.transaction(async (tx) => {
        const quiz = await findOwnedQuiz(tx, userId, quizId, true);
        if (!quiz) throw new AppError("not_found");
        await assertTariffAllowsPublishing(tx, userId, isPublished ? "show" : "hide");
        if (isPublished && (await latestVersion(tx, quiz.id)) === 0) {
          await snapshot(tx, quiz);
        } else {
          await setVisibility(tx, quiz.id, isPublished);
        }
      });
      return quizzesService.get(userId, quizId);
    },

    /** The snapshot visitors get, with its ETag; 404 unless published, shown and live. */
    async live(publicKey: string): Promise<{ snapshot: PublicQuiz; etag: string }> {
      const found = await findLivePublication(db, publicKey);
      if (!found) throw new AppError("not_found");
      return { snapshot: found.snapshot, etag: publicationEtag(found.quizId, found.version) };
    },
  };
}

/** A strong validator of one snapshot: a new version (publish) is a new ETag. */
export function publicationEtag(quizId: number, version: number): string {
  return `"q${quizId}-v${version}"`;
}
