import type { Question } from "@leadquiz/contract";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { errorMessage } from "@/shared/api/error-message";
import { ConditionEditor } from "../conditions/condition-editor";
import type { ConditionTexts } from "../conditions/condition-fields";
import { useAnswersByQuestion } from "./condition-text";
import { useResultConditionWrites } from "./use-result-condition-writes";

/**
 * Adds a result condition on a question of the quiz: the shared ConditionEditor with the
 * results' words. The server's refusal (a duplicate…) is shown under the form.
 */
export function ConditionForm({
  resultId,
  questions,
}: {
  resultId: number;
  questions: readonly Question[];
}) {
  const { t } = useTranslation();
  const conditionWrites = useResultConditionWrites();
  const answers = useAnswersByQuestion(questions);
  const texts = useResultConditionTexts();
  return (
    <ConditionEditor
      candidates={questions}
      questionLabel={(question) =>
        t("results:formula.questionRef", {
          n: questions.indexOf(question) + 1,
          title: question.title || t("results:formula.untitled"),
        })
      }
      answersOf={(id) => answers.get(id) ?? []}
      texts={texts}
      title={t("results:logic.addCondition")}
      testId="condition-form"
      onAdd={(condition) => conditionWrites.add({ result: resultId, ...condition })}
      refusalOf={(error) => {
        const fields = isApiError(error) ? error.fieldErrors : null;
        return fields ? Object.values(fields).flat().join(" ") : errorMessage(error, t);
      }}
    />
  );
}

/** The results' words for the condition editor (results:logic). */
function useResultConditionTexts(): ConditionTexts {
  const { t } = useTranslation();
  return {
    question: t("results:logic.question"),
    chooseQuestion: t("results:formula.chooseQuestion"),
    noQuestions: t("results:logic.noQuestions"),
    kind: t("results:logic.kind"),
    kindName: (kind) => t(`results:logic.kinds.${kind}`),
    include: t("results:logic.includeLabel"),
    included: t("results:logic.include"),
    excluded: t("results:logic.exclude"),
    answersOperator: t("results:logic.answersOperatorLabel"),
    answersOperatorName: (operator) => t(`results:logic.${operator === "or" ? "anyOf" : "allOf"}`),
    answers: t("results:logic.answers"),
    untitledAnswer: () => t("results:logic.untitledAnswer"),
    operator: t("results:logic.operator"),
    numberOperatorName: (operator) => t(`results:logic.numberOps.${operator}`),
    rangeOperatorName: (operator) => t(`results:logic.rangeOps.${operator}`),
    value: t("results:logic.valueLabel"),
    from: t("results:logic.from"),
    to: t("results:logic.to"),
    add: t("results:logic.add"),
  };
}
