import type { Question } from "@leadquiz/engine";
import { asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { answers, questionConditions, questions } from "../../db/schema";
import { conditionOfRow } from "../../lib/condition-rows";

/** The engine's questions of a quiz (with answers and conditions), in `sort, id` order. */
export async function loadQuestions(db: DbOrTx, quizId: number): Promise<Question[]> {
  const questionRows = await db
    .select()
    .from(questions)
    .where(eq(questions.quizId, quizId))
    .orderBy(asc(questions.sort), asc(questions.id));
  const ids = questionRows.map((row) => row.id);
  const answerRows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(answers)
          .where(inArray(answers.questionId, ids))
          .orderBy(asc(answers.sort), asc(answers.id));
  const conditionRows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(questionConditions)
          .where(inArray(questionConditions.questionId, ids))
          .orderBy(asc(questionConditions.id));
  return questionRows.map((row) => ({
    id: row.id,
    sort: row.sort,
    type: row.type,
    required: row.required,
    config: row.config,
    title: row.title,
    description: row.description,
    button_text: row.buttonText,
    answers: answerRows
      .filter((answer) => answer.questionId === row.id)
      .map((answer) => ({
        id: answer.id,
        sort: answer.sort,
        text: answer.text,
        points: answer.points,
        is_right: answer.isRight,
      })),
    conditions: conditionRows
      .filter((condition) => condition.questionId === row.id)
      .map(conditionOfRow),
  }));
}
