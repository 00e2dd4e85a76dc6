import type { QuestionConfig, QuestionCreate } from "@leadquiz/contract";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useApiClient } from "@/shared/api/services-context";
import { type EditorWrites, useEditorWrites } from "../../state/editor-writes";
import {
  type AnswerFieldPatch,
  addAnswer,
  deleteAnswer,
  patchAnswer,
} from "./commands/answer-commands";
import { type Command, runCommand } from "./commands/command";
import { addCondition, deleteCondition, patchCondition } from "./commands/condition-commands";
import {
  addQuestion,
  changeType,
  copyQuestion,
  deleteQuestion,
  moveQuestion,
  patchConfig,
  patchQuestion,
  type QuestionFieldPatch,
} from "./commands/question-commands";
import { type QuestionScope, questionScope } from "./commands/question-scope";
import type { Answer, Question, QuestionApi, QuestionCondition } from "./question-queries";

/**
 * The writes of the questions tab, all through useEditorWrites (docs/editor.md "Questions
 * and logic"). Each is a command (commands/): its write and its inverse, recorded in the
 * editor's history when the server takes the write.
 */
export function useQuestionWrites(quizId: number) {
  const { t } = useTranslation();
  const client = useApiClient();
  const writes = useEditorWrites();
  return useMemo(
    () => questionWrites(writes, questionScope({ quizId, client, ids: writes.ids, t })),
    [client, quizId, t, writes],
  );
}

/** The tab's operations, each running its command. */
export function questionWrites(writes: EditorWrites, scope: QuestionScope) {
  const run = <T, S>(command: Command<T, S>) => runCommand(writes, command);
  return {
    patchQuestion: (question: Question, patch: QuestionFieldPatch, label: string) =>
      run(patchQuestion(scope, question, patch, label)),
    patchConfig: (question: Question, patch: QuestionConfig, label: string, rereadQuiz = false) =>
      run(patchConfig(scope, question, patch, label, rereadQuiz)),
    changeType: (question: Question, type: Question["type"]) =>
      run(changeType(scope, question, type)),
    moveQuestion: (question: Question, sort: number) => run(moveQuestion(scope, question, sort)),
    addQuestion: (body: Omit<QuestionCreate, "quiz">) => run(addQuestion(scope, body)),
    copyQuestion: (question: Question) => run(copyQuestion(scope, question)),
    deleteQuestion: (question: Question) => run(deleteQuestion(scope, question)),
    patchAnswer: (answer: Answer, patch: AnswerFieldPatch, label: string) =>
      run(patchAnswer(scope, answer, patch, label)),
    addAnswer: (ofQuestion: number) => run(addAnswer(scope, ofQuestion)),
    deleteAnswer: (answer: Answer) => run(deleteAnswer(scope, answer)),
    addCondition: (body: Parameters<QuestionApi["createCondition"]>[0]) =>
      run(addCondition(scope, body)),
    patchCondition: (
      condition: QuestionCondition,
      patch: Parameters<QuestionApi["updateCondition"]>[1],
    ) => run(patchCondition(scope, condition, patch)),
    deleteCondition: (condition: QuestionCondition) => run(deleteCondition(scope, condition)),
  };
}
export type QuestionWrites = ReturnType<typeof questionWrites>;
