import {
  type Question,
  type QuestionConfig,
  type QuestionCreate,
  type QuestionUpdate,
  questionConfigSchema,
} from "@leadquiz/contract";
import { questionTypeTraits } from "@leadquiz/engine";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { schemaFieldErrors } from "../../lib/field-errors";
import { applyMergePatch } from "../../lib/json-merge-patch";
import { reorderSiblings } from "../../lib/sibling-order";
import {
  copyAnswers,
  createDefaultAnswers,
  deleteAnswer,
  deleteAnswersOf,
  listAnswerPositions,
  lockOwnedAnswer,
  writeAnswerSorts,
} from "../../modules/answers";
import { copyConditions } from "../../modules/conditions";
import {
  defaultQuestionTitle,
  deleteQuestion,
  findQuestion,
  findQuizLanguage,
  insertQuestion,
  listQuestionPositions,
  lockOwnedQuestion,
  lockQuiz,
  presentQuestion,
  type QuestionInsert,
  type QuestionRow,
  updateQuestion,
  writeQuestionSorts,
} from "../../modules/questions";
import { bumpDraftVersion, requireOwnedQuiz } from "../../modules/quiz-access";
import {
  dropAnswerConditions,
  dropAnswerFromConditions,
  dropConditionsOnLaterQuestions,
  dropUnsupportedConditions,
  relaxAndToOr,
} from "./condition-upkeep.repository";
import { removeQuestionFromFormulas, revalidateFormulas } from "./formula-upkeep";

export type QuestionEditingWorkflow = ReturnType<typeof createQuestionEditingWorkflow>;

/**
 * Changes of a quiz's questions and answers that reach other modules' rows: create
 * (defaults, two answers for choice types), copy (with answers and conditions, right after
 * the original), update (type change, moves, merged config, multi_answers off: the
 * conditions that reference the question and the formulas that use it follow) and delete
 * of a question (conditions cascade; formula elements are removed); delete of an answer
 * (its id leaves every condition that lists it; a condition left without answers goes).
 * Every change runs in one transaction with the quiz row locked and bumps the quiz draft.
 */
export function createQuestionEditingWorkflow(ctx: Pick<AppContext, "db">) {
  return {
    async create(userId: number, body: QuestionCreate): Promise<Question> {
      return ctx.db.transaction(async (tx) => {
        await requireOwnedQuiz(tx, userId, body.quiz);
        await lockQuiz(tx, body.quiz);
        const positions = await listQuestionPositions(tx, body.quiz);
        const language = await findQuizLanguage(tx, body.quiz);
        const created = await insertQuestion(tx, {
          quizId: body.quiz,
          sort: positions.length + 1,
          type: body.type,
          title: body.title ?? defaultQuestionTitle(language, positions.length + 1),
          description: body.description,
          buttonText: body.button_text,
          required: body.required,
          videoUrl: emptyToNull(body.video_url),
          config: body.config ?? {},
        });
        await writeQuestionSorts(
          tx,
          reorderSiblings([...positions, created], created.id, body.sort),
        );
        if (questionTypeTraits[body.type].hasAnswers)
          await createDefaultAnswers(tx, created.id, language);
        await bumpDraftVersion(tx, body.quiz);
        return presentQuestion(await reread(tx, created));
      });
    },

    async copy(userId: number, questionId: number): Promise<Question> {
      return ctx.db.transaction(async (tx) => {
        const original = await lockOwnedQuestion(tx, userId, questionId);
        if (!original) throw new AppError("not_found");
        const positions = await listQuestionPositions(tx, original.quizId);
        const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = original;
        const copy = await insertQuestion(tx, { ...fields, sort: original.sort + 1 });
        const after = positions.findIndex((position) => position.id === original.id) + 2;
        await writeQuestionSorts(tx, reorderSiblings([...positions, copy], copy.id, after));
        await copyAnswers(tx, original.id, copy.id);
        await copyConditions(tx, "question", original.id, copy.id);
        await bumpDraftVersion(tx, original.quizId);
        return presentQuestion(await reread(tx, copy));
      });
    },

    async update(userId: number, questionId: number, body: QuestionUpdate): Promise<Question> {
      return ctx.db.transaction(async (tx) => {
        const current = await lockOwnedQuestion(tx, userId, questionId);
        if (!current) throw new AppError("not_found");
        const quizId = current.quizId;

        const changes: Partial<QuestionInsert> = {};
        if (body.title !== undefined) changes.title = body.title;
        if (body.description !== undefined) changes.description = body.description;
        if (body.button_text !== undefined) changes.buttonText = body.button_text;
        if (body.required !== undefined) changes.required = body.required;
        if (body.video_url !== undefined) changes.videoUrl = emptyToNull(body.video_url);
        if (body.media === null) changes.media = null;
        if (body.type !== undefined) changes.type = body.type;
        const config = body.config === undefined ? current.config : mergeConfig(current, body);
        if (body.config !== undefined) changes.config = config;

        let row = current;
        if (Object.keys(changes).length > 0) row = await updateQuestion(tx, questionId, changes);

        const typeChanged = body.type !== undefined && body.type !== current.type;
        if (typeChanged) {
          await deleteAnswersOf(tx, questionId);
          await dropAnswerConditions(tx, questionId);
          if (questionTypeTraits[row.type].hasAnswers) {
            await createDefaultAnswers(tx, questionId, await findQuizLanguage(tx, quizId));
          }
        }
        const kindsMayChange =
          typeChanged ||
          config.two_sided !== current.config.two_sided ||
          config.date_range !== current.config.date_range;
        if (kindsMayChange) {
          await dropUnsupportedConditions(tx, {
            id: questionId,
            type: row.type,
            config,
          });
          await revalidateFormulas(tx, quizId);
        }
        if (current.config.multi_answers === true && config.multi_answers !== true) {
          await relaxAndToOr(tx, questionId);
        }
        if (body.sort !== undefined) {
          const positions = await listQuestionPositions(tx, quizId);
          await writeQuestionSorts(tx, reorderSiblings(positions, questionId, body.sort));
          await dropConditionsOnLaterQuestions(tx, quizId);
        }
        await bumpDraftVersion(tx, quizId);
        return presentQuestion(await reread(tx, row));
      });
    },

    async remove(userId: number, questionId: number): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        const question = await lockOwnedQuestion(tx, userId, questionId);
        if (!question) throw new AppError("not_found");
        // Conditions on it and referencing it cascade (question_id, ref_question_id FKs).
        await deleteQuestion(tx, questionId);
        await removeQuestionFromFormulas(tx, question.quizId, questionId);
        await writeQuestionSorts(
          tx,
          reorderSiblings(await listQuestionPositions(tx, question.quizId), null),
        );
        await bumpDraftVersion(tx, question.quizId);
      });
    },

    async removeAnswer(userId: number, answerId: number): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        const owned = await lockOwnedAnswer(tx, userId, answerId);
        if (!owned) throw new AppError("not_found");
        const questionId = owned.answer.questionId;
        await deleteAnswer(tx, answerId);
        await dropAnswerFromConditions(tx, questionId, answerId);
        await writeAnswerSorts(
          tx,
          reorderSiblings(await listAnswerPositions(tx, questionId), null),
        );
        await bumpDraftVersion(tx, owned.quizId);
      });
    },
  };
}

/**
 * The stored config merged with the patch (RFC 7386), checked whole: rules across keys
 * (min, max, step) hold for what is stored. 400 per field as `config.<key>`.
 */
function mergeConfig(current: QuestionRow, body: QuestionUpdate): QuestionConfig {
  const merged = applyMergePatch(current.config, body.config);
  const parsed = questionConfigSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  throw schemaFieldErrors(parsed.error.issues, { prefix: ["config"] });
}

/** "" and null both mean no video link. */
function emptyToNull(value: string | null | undefined): string | null | undefined {
  return value === "" ? null : value;
}

async function reread(
  tx: Parameters<typeof findQuestion>[0],
  row: QuestionRow,
): Promise<QuestionRow> {
  return (await findQuestion(tx, row.id)) ?? row;
}
