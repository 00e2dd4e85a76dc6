import {
  type Question,
  type QuestionConfig,
  type QuestionCreate,
  type QuestionUpdate,
  questionConfigSchema,
} from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import { AppError, FieldErrors } from "../../lib/app-error";
import { applyMergePatch } from "../../lib/json-merge-patch";
import { reorderSiblings } from "../../lib/sibling-order";
import { deleteAnswersOf } from "../answers/answers.repository";
import { copyAnswers, createDefaultAnswers, hasAnswerOptions } from "../answers/answers.service";
import {
  dropAnswerConditions,
  dropConditionsOnLaterQuestions,
  dropUnsupportedConditions,
  relaxAndToOr,
} from "../question-conditions/condition-maintenance";
import { copyQuestionConditions } from "../question-conditions/question-conditions.repository";
import { bumpDraftVersion, requireOwnedQuiz } from "../quiz-access/quiz-access.service";
import { defaultQuestionTitle } from "./default-texts";
import { removeQuestionFromFormulas, revalidateFormulas } from "./formula-cleanup";
import {
  deleteQuestion,
  findOwnedQuestion,
  findQuestion,
  findQuizLanguage,
  insertQuestion,
  listQuestionPositions,
  listQuestions,
  lockOwnedQuestion,
  lockQuiz,
  presentQuestion,
  type QuestionInsert,
  type QuestionRow,
  updateQuestion,
  writeQuestionSorts,
} from "./questions.repository";

export type QuestionsService = ReturnType<typeof createQuestionsService>;

/**
 * Questions of a quiz: list, read, create (defaults, two answers for choice types), copy
 * (with answers and conditions, right after the original), update (type change, moves,
 * merged config, multi_answers off) and delete (conditions cascade; formula elements are
 * removed). Every change runs in one transaction with the quiz row locked and bumps the
 * quiz draft.
 */
export function createQuestionsService(ctx: Pick<AppContext, "db">) {
  return {
    async list(userId: number, quizId: number): Promise<Question[]> {
      await requireOwnedQuiz(ctx.db, userId, quizId);
      return (await listQuestions(ctx.db, quizId)).map(presentQuestion);
    },

    async get(userId: number, questionId: number): Promise<Question> {
      const row = await findOwnedQuestion(ctx.db, userId, questionId);
      if (!row) throw new AppError("not_found");
      return presentQuestion(row);
    },

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
        if (hasAnswerOptions(body.type)) await createDefaultAnswers(tx, created.id, language);
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
        await copyQuestionConditions(tx, original.id, copy.id);
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
          if (hasAnswerOptions(row.type)) {
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
            type: row.type as Question["type"],
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
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = ["config", ...issue.path.map(String)].join(".");
    const key = issue.code === "custom" ? issue.message : "invalid_value";
    fields[field] = [...(fields[field] ?? []), key];
  }
  throw new FieldErrors(fields);
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
