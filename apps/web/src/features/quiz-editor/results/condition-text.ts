import { type Answer, endpoints, type Question, type ResultCondition } from "@leadquiz/contract";
import { questionTypeTraits } from "@leadquiz/engine";
import { useQueries } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useApiClient } from "@/shared/api/services-context";
import { answersQueryKey } from "./api/result-queries";

/** List, Cards and Select questions have answers a condition can name. */
export const hasAnswers = (question: Pick<Question, "type">) =>
  questionTypeTraits[question.type].hasAnswers;

/** The answers of every choice question of the quiz, by question id. */
export function useAnswersByQuestion(questions: readonly Question[]): Map<number, Answer[]> {
  const api = useApiClient();
  const choice = questions.filter(hasAnswers);
  const lists = useQueries({
    queries: choice.map((question) => ({
      queryKey: answersQueryKey(question.id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.call(endpoints.listAnswers, { params: { id: question.id }, signal }),
    })),
  });
  return new Map(choice.map((question, index) => [question.id, lists[index]?.data ?? []]));
}

/** A result condition as a sentence: `Q2 “Budget”: more than 1000`. */
export function useConditionText(questions: readonly Question[]) {
  const { t } = useTranslation();
  const answers = useAnswersByQuestion(questions);
  return (condition: ResultCondition): string => {
    const index = questions.findIndex((question) => question.id === condition.ref_question);
    const question = questions[index];
    const subject = question
      ? t("results:formula.questionRef", {
          n: index + 1,
          title: question.title || t("results:formula.untitled"),
        })
      : t("results:formula.missingQuestion");
    switch (condition.kind) {
      case "answers": {
        const texts = condition.answers.map(
          (id) =>
            answers.get(condition.ref_question)?.find((answer) => answer.id === id)?.text ??
            `#${id}`,
        );
        return t(
          `results:logic.sentence.answers.${condition.answers_include ? "include" : "exclude"}.${condition.answers_operator}`,
          { subject, answers: texts.join(", ") },
        );
      }
      case "number":
        return t(`results:logic.sentence.number.${condition.number_operator}`, {
          subject,
          from: condition.number_from,
          to: condition.number_to,
        });
      case "range":
        return t(`results:logic.sentence.range.${condition.range_operator}`, {
          subject,
          from: condition.range_from,
          to: condition.range_to,
        });
    }
  };
}
