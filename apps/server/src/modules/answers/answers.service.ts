import type { Answer, AnswerCreate, AnswerUpdate } from "@leadquiz/contract";
import { ANSWERS_MAX, questionTypeTraits } from "@leadquiz/engine";
import type { AppContext } from "../../app-context";
import type { DbOrTx } from "../../db/client";
import { AppError, FieldErrors } from "../../lib/app-error";
import { reorderSiblings } from "../../lib/sibling-order";
import {
  defaultAnswerText,
  findOwnedQuestion,
  findQuizLanguage,
  lockOwnedQuestion,
  lockQuiz,
} from "../questions";
import { bumpDraftVersion } from "../quiz-access";
import {
  type AnswerInsert,
  type AnswerRow,
  findAnswer,
  findOwnedAnswer,
  insertAnswers,
  listAnswerPositions,
  listAnswers,
  presentAnswer,
  updateAnswer,
  writeAnswerSorts,
} from "./answers.repository";

/**
 * A new List, Cards or Select question's two answers, "Answer 1" and "Answer 2" in the
 * quiz's language (languagelist id).
 */
export async function createDefaultAnswers(
  db: DbOrTx,
  questionId: number,
  languageId: number,
): Promise<void> {
  await insertAnswers(
    db,
    [1, 2].map((n) => ({ questionId, sort: n, text: defaultAnswerText(languageId, n) })),
  );
}

/** Copies a question's answers onto another; answers the new id of each old one. */
export async function copyAnswers(
  db: DbOrTx,
  fromQuestionId: number,
  toQuestionId: number,
): Promise<Map<number, number>> {
  const rows = await listAnswers(db, fromQuestionId);
  const copies = await insertAnswers(
    db,
    rows.map(
      ({ id: _id, createdAt: _created, updatedAt: _updated, ...row }): AnswerInsert => ({
        ...row,
        questionId: toQuestionId,
      }),
    ),
  );
  return new Map(rows.map((row, index) => [row.id, copies[index]?.id ?? 0]));
}

/** The owned answer read again under the quiz lock; undefined when not the user's or gone. */
export async function lockOwnedAnswer(
  tx: DbOrTx,
  userId: number,
  answerId: number,
): Promise<{ answer: AnswerRow; quizId: number } | undefined> {
  const owned = await findOwnedAnswer(tx, userId, answerId);
  if (!owned) return undefined;
  await lockQuiz(tx, owned.quizId);
  const answer = await findAnswer(tx, answerId);
  return answer && { answer, quizId: owned.quizId };
}

export type AnswersService = ReturnType<typeof createAnswersService>;

/**
 * Answers of choice questions: list, create ("Answer {n}", at most ANSWERS_MAX per
 * question), update (with `sort` moving the answer). Every change bumps the quiz draft.
 * Deleting an answer reaches the conditions that list it: workflows/question-editing.
 */
export function createAnswersService(ctx: Pick<AppContext, "db">) {
  return {
    async list(userId: number, questionId: number): Promise<Answer[]> {
      const question = await findOwnedQuestion(ctx.db, userId, questionId);
      if (!question) throw new AppError("not_found");
      return (await listAnswers(ctx.db, questionId)).map(presentAnswer);
    },

    async create(userId: number, body: AnswerCreate): Promise<Answer> {
      return ctx.db.transaction(async (tx) => {
        const question = await lockOwnedQuestion(tx, userId, body.question);
        if (!question) throw new AppError("not_found");
        if (!questionTypeTraits[question.type].hasAnswers) {
          throw new FieldErrors({ question: ["answers_not_supported"] });
        }
        const positions = await listAnswerPositions(tx, question.id);
        if (positions.length >= ANSWERS_MAX) {
          throw new FieldErrors({ question: ["quantity_of_answers"] });
        }
        const [created] = await insertAnswers(tx, [
          {
            questionId: question.id,
            sort: positions.length + 1,
            text:
              body.text ??
              defaultAnswerText(await findQuizLanguage(tx, question.quizId), positions.length + 1),
            isRight: body.is_right,
            points: body.points,
          },
        ]);
        if (!created) throw new Error("insert into answers returned no row");
        await writeAnswerSorts(tx, reorderSiblings([...positions, created], created.id, body.sort));
        await bumpDraftVersion(tx, question.quizId);
        return presentAnswer((await findAnswer(tx, created.id)) ?? created);
      });
    },

    async update(userId: number, answerId: number, body: AnswerUpdate): Promise<Answer> {
      return ctx.db.transaction(async (tx) => {
        const owned = await lockOwnedAnswer(tx, userId, answerId);
        if (!owned) throw new AppError("not_found");
        const changes: Partial<AnswerInsert> = {};
        if (body.text !== undefined) changes.text = body.text;
        if (body.is_right !== undefined) changes.isRight = body.is_right;
        if (body.points !== undefined) changes.points = body.points;
        if (body.image === null) changes.image = null;
        let row = owned.answer;
        if (Object.keys(changes).length > 0) row = await updateAnswer(tx, answerId, changes);
        if (body.sort !== undefined) {
          const positions = await listAnswerPositions(tx, row.questionId);
          await writeAnswerSorts(tx, reorderSiblings(positions, answerId, body.sort));
          row = (await findAnswer(tx, answerId)) ?? row;
        }
        await bumpDraftVersion(tx, owned.quizId);
        return presentAnswer(row);
      });
    },
  };
}
