import type { PublicQuiz } from "@leadquiz/contract";
import type { QuestionDeletionEffects } from "@leadquiz/engine";
import { Alert, List, Loader, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { formulaText } from "../../results/formula/formula-text";
import { useDeletionEffects } from "../api/deletion-effects";
import type { Question } from "../api/question-queries";
import type { QuestionWrites } from "../api/question-writes";

/**
 * Asks before a question is deleted, and names what else the deletion changes (the
 * server rewrites the formulas that use it and deletes the conditions that refer to it;
 * undo does not bring those back): each formula before and after, each question and
 * result that loses conditions.
 */
export function DeleteQuestionDialog({
  quizId,
  removing,
  onClose,
  writes,
}: {
  quizId: number;
  removing: Question | null;
  onClose: () => void;
  writes: QuestionWrites;
}) {
  const { t } = useTranslation();
  const read = useDeletionEffects(quizId, removing?.id ?? null);
  return (
    <ConfirmDialog
      opened={removing !== null}
      title={t("questions:confirm.deleteTitle")}
      message={t("questions:confirm.deleteText", { title: removing?.title ?? "" })}
      confirmLabel={t("questions:confirm.deleteOk")}
      danger
      onClose={onClose}
      onConfirm={() => {
        if (removing) void writes.deleteQuestion(removing);
        onClose();
      }}
    >
      {read.isPending && removing !== null ? (
        <Loader
          size="sm"
          mb="lg"
          role="status"
          aria-label={t("questions:confirm.deleteChecking")}
        />
      ) : null}
      {read.isError ? (
        <Text size="sm" c="dimmed" mb="lg">
          {t("questions:confirm.deleteCheckFailed")}
        </Text>
      ) : null}
      {read.data ? <EffectsList draft={read.data.draft} effects={read.data.effects} t={t} /> : null}
    </ConfirmDialog>
  );
}

function EffectsList({
  draft,
  effects,
  t,
}: {
  draft: PublicQuiz;
  effects: QuestionDeletionEffects;
  t: TFunction;
}) {
  if (effects.formulas.length === 0 && effects.conditions.length === 0) return null;
  const place = new Map(draft.questions.map((question, index) => [question.id, index + 1]));
  const questionLabel = (id: number) => t("questions:confirm.questionShort", { n: place.get(id) });
  const resultTitle = (id: number) =>
    draft.results.find((result) => result.id === id)?.title || t("results:list.untitled");
  const formula = (elements: Parameters<typeof formulaText>[0]) =>
    elements.length === 0
      ? t("questions:confirm.formulaEmpty")
      : formulaText(elements, questionLabel);
  return (
    <Alert
      color="orange"
      mb="lg"
      title={t("questions:confirm.deleteAlso")}
      data-testid="delete-effects"
    >
      <List size="sm" spacing={4}>
        {effects.formulas.map((change) => (
          <List.Item key={`formula-${change.result ?? "general"}`}>
            {t(
              change.result === null
                ? "questions:confirm.generalFormula"
                : "questions:confirm.resultFormula",
              {
                result: change.result === null ? "" : resultTitle(change.result),
                before: formula(change.before),
                after: formula(change.after),
              },
            )}
          </List.Item>
        ))}
        {effects.conditions.map((loss) => (
          <List.Item key={`${loss.owner}-${loss.id}`}>
            {loss.owner === "question"
              ? t("questions:confirm.questionConditions", {
                  count: loss.count,
                  question: t("results:formula.questionRef", {
                    n: place.get(loss.id),
                    title:
                      draft.questions.find((question) => question.id === loss.id)?.title ||
                      t("results:formula.untitled"),
                  }),
                })
              : t("questions:confirm.resultConditions", {
                  count: loss.count,
                  result: resultTitle(loss.id),
                })}
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        {t("questions:confirm.deleteNoUndo")}
      </Text>
    </Alert>
  );
}
