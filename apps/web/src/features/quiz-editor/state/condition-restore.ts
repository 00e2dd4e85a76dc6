import {
  endpoints,
  type QuestionCondition,
  type QuestionConditionCreate,
  type QuestionConditionUpdate,
  type ResultCondition,
} from "@leadquiz/contract";
import { completeCondition } from "@leadquiz/engine";
import type { ApiClient } from "@/shared/api/api-client";
import { isApiError } from "@/shared/api/api-error";
import type { RecreatedIds } from "./recreated-ids";

/** Conditions of questions and of results, as the server answered them. */
export interface ConditionSnapshot {
  questions: QuestionCondition[];
  results: ResultCondition[];
}

/**
 * Every condition (of later questions and of results) that refers to question `questionId`,
 * read before a change the server follows by deleting or trimming them (an answer deleted,
 * the type changed), so that its undo can put them back.
 */
export async function conditionsReferring(
  api: ApiClient,
  quizId: number,
  questionId: number,
): Promise<ConditionSnapshot> {
  const [questions, results] = await Promise.all([
    api.call(endpoints.listQuestions, { params: { id: quizId } }),
    api.call(endpoints.listResults, { params: { id: quizId } }),
  ]);
  const [questionLists, resultLists] = await Promise.all([
    Promise.all(
      questions
        .filter((question) => question.id !== questionId)
        .map((question) =>
          api.call(endpoints.listQuestionConditions, { params: { id: question.id } }),
        ),
    ),
    Promise.all(
      results.map((result) =>
        api.call(endpoints.listResultConditions, { params: { id: result.id } }),
      ),
    ),
  ]);
  const refers = (condition: { ref_question: number }) => condition.ref_question === questionId;
  return {
    questions: questionLists.flat().filter(refers),
    results: resultLists.flat().filter(refers),
  };
}

/** The writable fields of a stored condition, its ids as they are now. */
export function conditionValues(
  condition: QuestionCondition | ResultCondition,
  ids: RecreatedIds,
): Omit<QuestionConditionCreate, "question"> {
  return {
    ...completeCondition(condition),
    ref_question: ids.current("question", condition.ref_question),
    answers: condition.answers.map((answer) => ids.current("answer", answer)),
  };
}

/** Creates a question condition again with its values; its new id is noted. */
export async function recreateQuestionCondition(
  api: ApiClient,
  ids: RecreatedIds,
  condition: QuestionCondition,
): Promise<QuestionCondition> {
  const created = await api.call(endpoints.createQuestionCondition, {
    body: {
      question: ids.current("question", condition.question),
      ...conditionValues(condition, ids),
    },
  });
  ids.recreated("questionCondition", condition.id, created.id);
  return created;
}

/** Creates a result condition again with its values; its new id is noted. */
export async function recreateResultCondition(
  api: ApiClient,
  ids: RecreatedIds,
  condition: ResultCondition,
): Promise<ResultCondition> {
  const created = await api.call(endpoints.createResultCondition, {
    body: { result: ids.current("result", condition.result), ...conditionValues(condition, ids) },
  });
  ids.recreated("resultCondition", condition.id, created.id);
  return created;
}

const gone = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * Puts conditions back as the snapshot holds them: one still stored gets its values again
 * (a PATCH), one the server deleted is created again (with a new id, noted in `ids`).
 */
export async function restoreConditions(
  api: ApiClient,
  ids: RecreatedIds,
  snapshot: ConditionSnapshot,
): Promise<void> {
  for (const condition of snapshot.questions) {
    const body: QuestionConditionUpdate = conditionValues(condition, ids);
    try {
      await api.call(endpoints.updateQuestionCondition, {
        params: { id: ids.current("questionCondition", condition.id) },
        body,
      });
    } catch (error) {
      if (!gone(error)) throw error;
      await recreateQuestionCondition(api, ids, condition);
    }
  }
  for (const condition of snapshot.results) {
    const body: QuestionConditionUpdate = conditionValues(condition, ids);
    try {
      await api.call(endpoints.updateResultCondition, {
        params: { id: ids.current("resultCondition", condition.id) },
        body,
      });
    } catch (error) {
      if (!gone(error)) throw error;
      await recreateResultCondition(api, ids, condition);
    }
  }
}
